// The home page's platform figures: raised so far, investors and offers funded, from GET /stats
// (docs/api.md). Loaded by the load chart (useLoad): while it loads, the band is drawn at its final height
// with placeholders for the figures (no layout shift); a failed load hides the band.
import styled, { keyframes } from 'styled-components';
import type { Http } from '../../api/http';
import { useAppSystem } from '../../system/AppSystemContext';
import { formatMoney, formatNumber, pluralKey } from '../../../lib/format';
import { useLoad } from '../../components/ui/useLoad';
import { useLanguage, useT } from '../../i18n/i18n';
import { media } from '../../../lib/theme';
import { Section } from './Blocks';

export interface PlatformStats {
  /** the sum of paid and completed orders' amounts, grosze */
  raised: number;
  /** investors with at least one paid or completed order */
  investors: number;
  /** published offers whose every share is sold */
  offersFunded: number;
  /** published offers */
  offers: number;
}

export const fetchPlatformStats = (http: Http, signal?: AbortSignal) => http<PlatformStats>('/stats', { signal });

/** The three figures as the band shows them, in the page language. */
export function platformFigures(stats: PlatformStats, language: 'pl' | 'en') {
  return {
    raised: formatMoney(stats.raised, language),
    investors: formatNumber(stats.investors, language),
    offersFunded: formatNumber(stats.offersFunded, language),
  };
}

const KEYS = ['raised', 'investors', 'offersFunded'] as const;

/**
 * The label under a figure agrees with its number ("1 inwestor", "3 inwestorów", "1 investor"); the amount
 * raised has no count. Before the figures arrive the label reads as for zero, the general plural.
 */
export function statLabelKey(key: (typeof KEYS)[number], language: 'pl' | 'en', stats: PlatformStats | null): string {
  if (key === 'raised') return 'home.stats.raised';
  return pluralKey(`home.stats.${key}`, language, stats ? stats[key] : 0);
}

export function PlatformStatsBand() {
  const t = useT();
  const { http } = useAppSystem();
  const language = useLanguage();
  const load = useLoad((_: Record<string, never>, signal) => fetchPlatformStats(http, signal), {});
  if (load.status === 'failure') return null;
  const figures = load.status === 'success' && load.data ? platformFigures(load.data, language) : null;
  return (
    <Section tone="green" label={t('home.stats.title')} testId="home-stats">
      <Figures aria-busy={!figures} data-loading={!figures}>
        {KEYS.map((key) => (
          <li key={key}>
            {figures ? (
              <Value data-testid={`stats-${key}`}>{figures[key]}</Value>
            ) : (
              <Value as="span" aria-hidden="true">
                <Placeholder />
              </Value>
            )}
            <Label>{t(statLabelKey(key, language, load.status === 'success' && load.data ? load.data : null))}</Label>
          </li>
        ))}
      </Figures>
    </Section>
  );
}

const VALUE_HEIGHT = 44;

const Figures = styled.ul`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 24px;
  margin: 0;
  padding: 0;
  list-style: none;
  text-align: center;
  ${media.down('sm')} {
    grid-template-columns: 1fr;
    gap: 16px;
  }
`;

const Value = styled.strong`
  display: flex;
  align-items: center;
  justify-content: center;
  height: ${VALUE_HEIGHT}px;
  font-size: 2rem;
  line-height: 1;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.green};
  ${media.down('md')} {
    font-size: 1.6rem;
  }
`;

const Label = styled.span`
  display: block;
  margin-top: 4px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.45; }
  100% { opacity: 1; }
`;

const Placeholder = styled.span`
  display: block;
  width: 60%;
  max-width: 200px;
  height: 32px;
  border-radius: 6px;
  background: ${({ theme }) => theme.colors.white};
  animation: ${pulse} 1.4s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;
