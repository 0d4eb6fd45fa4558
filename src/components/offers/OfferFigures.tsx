// What investors decide on, drawn the same way on an offer card and on the offer page: price per
// share, the minimum investment, the projected return, the investment window, and the funding progress
// (raised / target, SPEC §9's percentage, a progress bar); '—' where the offer states nothing, so every
// block keeps its height. The Open / Closed / Funded badge is here too. The offer's OfferSummary fields
// (docs/api.md "Public site"): the single offer's answer carries them as well.
import styled, { css } from 'styled-components';
import type { Language } from '../../config/env';
import { useT } from '../../i18n/i18n';
import { formatFractionPercent, formatMoney, formatMonthRange } from '../../../lib/format';
import { fundingOf, projectedReturnFraction } from './figures';
import type { OfferStatus, OfferSummary } from './types';

export interface OfferFiguresProps {
  offer: Pick<
    OfferSummary,
    'pricePerShare' | 'minimumInvestment' | 'projectedReturnBasisPoints' | 'investmentStart' | 'investmentEnd' | 'funding'
  >;
  language: Language;
  /** the offer's title, for the progress bar's accessible name */
  title: string;
  /** the four figures in one row from `sm` up (the offer page); two per row otherwise (cards) */
  wide?: boolean;
}

export function OfferFigures({ offer, language, title, wide = false }: OfferFiguresProps) {
  const t = useT();
  const none = t('offers.card.notStated');
  const money = (grosze: number | null | undefined) =>
    grosze === null || grosze === undefined ? none : formatMoney(grosze, language);
  const returnFraction = projectedReturnFraction(offer.projectedReturnBasisPoints);
  const percent = (value: number) => formatFractionPercent(value / 100, language);
  const term = formatMonthRange(offer.investmentStart, offer.investmentEnd, language, { from: t('offer.from'), to: t('offer.to') });
  const funding = fundingOf(offer);
  return (
    <>
      <Facts $wide={wide}>
        <div>
          <dt>{t('offers.card.pricePerShare')}</dt>
          <dd data-testid="offer-price">{money(offer.pricePerShare)}</dd>
        </div>
        <div>
          <dt>{t('offers.card.minimum')}</dt>
          <dd data-testid="offer-minimum">{money(offer.minimumInvestment)}</dd>
        </div>
        <div>
          <dt>{t('offers.card.projectedReturn')}</dt>
          <dd data-testid="offer-return">
            {returnFraction === null ? none : t('offers.card.perYear', { percent: formatFractionPercent(returnFraction, language) })}
          </dd>
        </div>
        <div>
          <dt>{t('offers.card.term')}</dt>
          <dd data-testid="offer-term">{term || none}</dd>
        </div>
      </Facts>
      <Funding data-testid="offer-funding">
        <FundingRow>
          <span>
            {t('offers.card.funding')}{' '}
            <strong data-testid="offer-funding-amounts">
              {funding
                ? t('offers.card.fundingOf', { raised: formatMoney(funding.raised, language), target: formatMoney(funding.target, language) })
                : none}
            </strong>
          </span>
          <strong data-testid="offer-funding-percent">{funding ? percent(funding.percent) : ''}</strong>
        </FundingRow>
        <Track
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={funding ? funding.width : 0}
          aria-valuetext={funding ? t('offers.card.fundingProgress', { percent: percent(funding.percent) }) : none}
          aria-label={`${t('offers.card.funding')}: ${title}`}
        >
          <span style={{ width: `${funding ? funding.width : 0}%` }} />
        </Track>
      </Funding>
    </>
  );
}

/** The offer's state as a pill: Open (green), Funded (brown) or Closed (white). */
export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  const t = useT();
  return (
    <StatusBadge $status={status} data-testid="offer-status" data-status={status}>
      {t(`offers.card.${status}`)}
    </StatusBadge>
  );
}

export const Facts = styled.dl<{ $wide?: boolean }>`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  ${({ $wide, theme }) =>
    $wide &&
    css`
      @media (min-width: ${theme.breakpoints.sm}px) {
        grid-template-columns: repeat(4, minmax(0, 1fr));
      }
    `}
  gap: 10px 16px;
  margin: 4px 0 0;
  div {
    min-width: 0;
  }
  dt {
    font-size: 0.8rem;
    line-height: 1.5;
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  /* A figure wraps rather than being cut: an investment window ("Mar 2024 - Dec 2026") is wider than a
     narrow card's cell in some languages and fonts, and a cut date hides what investors decide on. */
  dd {
    margin: 2px 0 0;
    line-height: 1.5;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.text};
    overflow-wrap: break-word;
  }
`;

export const Funding = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  font-size: 0.85rem;
`;

export const FundingRow = styled.div`
  display: flex;
  align-items: flex-end;
  justify-content: space-between;
  gap: 8px;
  /* two lines for the amounts, which wrap in a narrow card: held when they take one */
  line-height: 1.3;
  height: 2.6em;
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    max-height: 2.6em;
    overflow: hidden;
  }
  span strong {
    color: ${({ theme }) => theme.colors.text};
  }
  & > strong {
    color: ${({ theme }) => theme.colors.green};
    white-space: nowrap;
  }
`;

export const Track = styled.div`
  height: 8px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.greenLight};
  overflow: hidden;
  span {
    display: block;
    height: 100%;
    border-radius: 999px;
    background: ${({ theme }) => theme.colors.green};
  }
`;

const StatusBadge = styled.span<{ $status: OfferStatus }>`
  display: inline-block;
  padding: 4px 10px;
  border-radius: 999px;
  background: ${({ $status, theme }) =>
    $status === 'open' ? theme.colors.green : $status === 'funded' ? theme.colors.brown : theme.colors.white};
  color: ${({ $status, theme }) => ($status === 'closed' ? theme.colors.text : theme.colors.white)};
  font-size: 0.8rem;
  font-weight: 700;
  box-shadow: 0 1px 4px rgba(0, 0, 0, 0.2);
`;
