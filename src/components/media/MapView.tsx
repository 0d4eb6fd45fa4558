// A pigeon-maps map centred on a point with one marker; the marker toggles an info window with a text.
// Loaded lazily (LazyMap) so pigeon-maps stays out of the initial chunk.
import { Map, Marker, Overlay } from 'pigeon-maps';
import { useState } from 'react';
import styled from 'styled-components';
import { useT } from '../../i18n/i18n';
import { tileProvider } from './mapTiles';

export interface MapViewProps {
  latitude: number;
  longitude: number;
  zoom: number;
  /** the configured tile template (LazyMap draws no map without one) */
  tileTemplate: string | null;
  /** the marker's info window text; without it the marker only marks */
  infoText?: string | null;
  height?: number;
}

export default function MapView({ latitude, longitude, zoom, tileTemplate, infoText, height = 360 }: MapViewProps) {
  const t = useT();
  const [info, setInfo] = useState(false);
  return (
    <Frame data-testid="map" data-tiles={tileTemplate ? 'configured' : 'none'}>
      <Map
        height={height}
        defaultCenter={[latitude, longitude]}
        defaultZoom={zoom}
        provider={tileProvider(tileTemplate)}
        attribution={false}
        metaWheelZoom
      >
        <Marker
          width={40}
          anchor={[latitude, longitude]}
          color="#1f5c3a"
          onClick={() => setInfo((v) => !v)}
        />
        {info && infoText && (
          <Overlay anchor={[latitude, longitude]} offset={[110, 110]}>
            <Info role="dialog" aria-label={t('offer.map.info')} data-testid="map-info">
              <p>{infoText}</p>
              <button type="button" onClick={() => setInfo(false)}>
                {t('common.close')}
              </button>
            </Info>
          </Overlay>
        )}
      </Map>
      {infoText && (
        // The marker of pigeon-maps is not focusable: this button gives keyboard users the same info window.
        <MarkerButton type="button" aria-expanded={info} onClick={() => setInfo((v) => !v)} data-testid="map-marker">
          {t('offer.map.showAddress')}
        </MarkerButton>
      )}
    </Frame>
  );
}

const Frame = styled.div`
  position: relative;
  border-radius: ${({ theme }) => theme.radius}px;
  overflow: hidden;
  background-color: ${({ theme }) => theme.colors.cream};
`;

const Info = styled.div`
  width: 220px;
  padding: 12px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.white};
  box-shadow: ${({ theme }) => theme.shadow};
  p {
    margin: 0 0 8px;
  }
`;

const MarkerButton = styled.button`
  position: absolute;
  left: 8px;
  bottom: 8px;
  padding: 6px 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.white};
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
`;
