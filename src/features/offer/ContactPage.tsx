// The contact page (SPEC §2): optional title, company image, name and description (static content
// `contact.*`), the contact form with the contact agreements (GET /offers/contact/agreements), and a map
// at zoom 15 with a marker and an info window, only when both coordinates exist.
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import type { ContactMessage } from '../../../machines/contactForm.machine';
import { useAppSystem } from '../../system/AppSystemContext';
import { contentNode, contentText } from '../../api/content';
import type { StaticContent } from '../../api/types';
import { Image, Skeleton } from '../../components/media/Image';
import { LazyMap } from '../../components/media/LazyMap';
import { tileTemplateOf } from '../../components/media/mapTiles';
import { ServerHtml } from '../../components/ui/ServerHtml';
import { useLoad } from '../../components/ui/useLoad';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { contactTitle } from '../../config/pageTitles';
import type { Language } from '../../config/env';
import { useT } from '../../i18n/i18n';
import { useLanguage } from '../../i18n/i18n';
import { media } from '../../../lib/theme';
import { Button } from '../../components/ui/Button';
import { createContactApi } from './api';
import { ContactForm } from './ContactForm';

export const CONTACT_MAP_ZOOM = 15; // SPEC §9

export function contactCoordinates(content: StaticContent | null): { latitude: number; longitude: number } | null {
  const lat = contentText(content, 'contact.map.latitude').trim();
  const lng = contentText(content, 'contact.map.longitude').trim();
  if (!lat || !lng) return null;
  const latitude = Number(lat);
  const longitude = Number(lng);
  return Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude, longitude } : null;
}

export function ContactPage() {
  const t = useT();
  const language = useLanguage();
  const { http, boot } = useAppSystem();
  const content = useSelector(boot, (s) => s.context.staticContent);
  const title = contentText(content, 'contact.title');
  usePageTitle(contactTitle(content, t('pages.contact')));

  const api = useMemo(() => createContactApi(http), [http]);
  const agreements = useLoad((_p: { language: Language }, signal) => api.agreements(signal), { language });
  const sendMessage = useMemo(() => fromPromise<unknown, ContactMessage>(({ input, signal }) => api.send(input, signal)), [api]);
  const image = contentNode(content, 'contact.image');
  const companyName = contentText(content, 'contact.companyName');
  const companyDescription = contentText(content, 'contact.companyDescription');
  const point = contactCoordinates(content);
  const mapText = contentText(content, 'contact.map.text');

  return (
    <Page data-testid="contact-page">
      <h1 className={title ? undefined : 'visually-hidden'}>{title || t('pages.contact')}</h1>
      <Columns>
        <Company>
          {image?.imageUrl && <Image src={image.imageUrl} alt={image.alt ?? companyName ?? ''} ratio="4 / 3" />}
          {companyName && <h2>{companyName}</h2>}
          <ServerHtml html={companyDescription} />
        </Company>
        <div>
          <h2>{t('contact.formTitle')}</h2>
          {agreements.skeleton ? (
            <div style={{ position: 'relative', height: 420 }} role="status" aria-label={t('common.loading')}>
              <Skeleton />
            </div>
          ) : agreements.status === 'failure' ? (
            // without its agreements the form cannot be sent: say so, with a retry
            <LoadFailed role="alert" data-testid="contact-agreements-failed">
              <p>{t('contact.loadFailed')}</p>
              <Button onClick={agreements.retry}>{t('contact.retry')}</Button>
            </LoadFailed>
          ) : (
            <ContactForm
              key={language}
              agreements={agreements.data ?? []}
              sendMessage={sendMessage}
            />
          )}
        </div>
      </Columns>
      {point && (
        <MapBox data-testid="contact-map">
          <LazyMap
            latitude={point.latitude}
            longitude={point.longitude}
            zoom={CONTACT_MAP_ZOOM}
            tileTemplate={tileTemplateOf(content)}
            infoText={mapText}
            height={400}
          />
        </MapBox>
      )}
    </Page>
  );
}

const Page = styled.div`
  max-width: ${({ theme }) => theme.layout.sectionMaxWidth}px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.layout.sectionPadding}px ${({ theme }) => theme.layout.sectionPaddingSmall}px;
  ${media.down('md')} {
    padding: 32px ${({ theme }) => theme.layout.sectionPaddingSmall}px;
  }
  h1 {
    margin: 0 0 24px;
    font-size: 2.2rem;
    color: ${({ theme }) => theme.colors.brown};
  }
  h2 {
    color: ${({ theme }) => theme.colors.brown};
  }
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 48px;
  ${media.down('md')} {
    grid-template-columns: 1fr;
    gap: 24px;
  }
`;

const Company = styled.div`
  img {
    border-radius: ${({ theme }) => theme.radius}px;
  }
`;

const MapBox = styled.div`
  margin-top: 48px;
`;

const LoadFailed = styled.div`
  display: grid;
  gap: 12px;
  justify-items: start;
  p {
    margin: 0;
  }
`;
