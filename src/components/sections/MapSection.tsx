// A map with a 'view on map' link to an external maps service (latitude,longitude query, new tab).
// A map that cannot load renders nothing (LazyMap: no tile provider configured, or a load failure); the
// address and the external link stay, so the location is still there.
import styled from 'styled-components';
import { useT } from '../../i18n/i18n';
import { LazyMap } from '../media/LazyMap';
import { externalMapUrl } from '../media/mapTiles';
import { SectionBlock } from './SectionBlock';
import { useSectionEnvironment } from './SectionContext';
import type { SectionOf } from './types';

export default function MapSection({ section }: { section: SectionOf<'map'> }) {
  const t = useT();
  const { tileTemplate } = useSectionEnvironment();
  const latitude = Number(section.latitude);
  const longitude = Number(section.longitude);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  return (
    <SectionBlock title={section.title} type="map">
      <LazyMap
        latitude={latitude}
        longitude={longitude}
        zoom={Number(section.zoom) || 13}
        tileTemplate={tileTemplate}
        infoText={section.address}
      />
      <Footer>
        {section.address && <span>{section.address}</span>}
        <a href={externalMapUrl(latitude, longitude)} target="_blank" rel="noopener noreferrer">
          {t('offer.map.viewOnMap')} <span className="visually-hidden">{t('common.externalLink')}</span>
        </a>
      </Footer>
    </SectionBlock>
  );
}

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 8px;
  padding-top: 8px;
`;
