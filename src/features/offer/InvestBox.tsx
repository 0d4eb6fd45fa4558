// The investment box (SPEC §2): open — price per share of the first open series in PLN, minimum shares,
// then step one of the investment flow (each series' price and shares left, the number of shares and the
// invest button: InitiateForm.tsx); closed — a closed notice.
import type { Ref } from 'react';
import styled from 'styled-components';
import { formatMonthRange, formatMoney } from '../../../lib/format';
import { useLanguage, useT } from '../../i18n/i18n';
import { toFlowOffer } from '../../components/invest/api';
import { InitiateForm } from './InitiateForm';
import { firstOpenSeries } from './offerRules';
import type { Offer } from './types';

export function InvestBox({ offer, buttonRef, ref }: { offer: Offer; buttonRef?: Ref<HTMLButtonElement>; ref?: Ref<HTMLDivElement> }) {
  const t = useT();
  const language = useLanguage();
  const series = firstOpenSeries(offer);
  const period = formatMonthRange(offer.investmentStart, offer.investmentEnd, language, { from: t('offer.from'), to: t('offer.to') });
  const open = offer.isOpen && series;
  return (
    <Box ref={ref} id="invest-box" data-testid="invest-box" data-open={!!open} tabIndex={-1}>
      {period && (
        <Row>
          <span>{t('offer.period')}</span>
          <strong>{period}</strong>
        </Row>
      )}
      {open ? (
        <>
          <Row>
            <span>{t('offer.pricePerShare')}</span>
            <strong data-testid="price-per-share">{formatMoney(series.pricePerShare, language)}</strong>
          </Row>
          <Row>
            <span>{t('offer.minShares')}</span>
            <strong>{series.minStocks}</strong>
          </Row>
          <InitiateForm key={offer.slug[language]} offer={toFlowOffer(offer)} slug={offer.slug[language]} buttonRef={buttonRef} />
        </>
      ) : (
        <Closed role="status" data-testid="offer-closed">
          {t('offer.closedNotice')}
        </Closed>
      )}
    </Box>
  );
}

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 24px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.white};
  box-shadow: ${({ theme }) => theme.shadow};
  &:focus {
    outline: none;
  }
`;

const Row = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 12px;
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Closed = styled.p`
  margin: 0;
  padding: 12px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.cream};
  font-weight: 700;
  text-align: center;
`;
