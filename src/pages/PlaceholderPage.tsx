// A routed, guarded screen whose content arrives with a later issue: its title and a short notice.
import styled from 'styled-components';
import type { RouteName } from '../../contract/routes';
import { useT } from '../i18n/i18n';
import { usePageTitle } from '../components/ui/usePageTitle';

export function PlaceholderPage({ name }: { name: RouteName }) {
  const t = useT();
  usePageTitle(t(`pages.${name}`));
  return (
    <Section data-testid={`page-${name}`}>
      <h1>{t(`pages.${name}`)}</h1>
      <p>{t('pages.comingSoon')}</p>
    </Section>
  );
}

export const Section = styled.section`
  max-width: ${({ theme }) => theme.layout.sectionMaxWidth}px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.layout.sectionPadding}px ${({ theme }) => theme.layout.sectionPaddingSmall}px;
`;
