// The order summary card beside every step (SPEC §2): payment method, the offer (title, description and
// thumb, with view more / view less at a collapsed height of 41 px), the investor's data (only at the
// payment step), and the payment: price per share, number of shares, total price, transaction fee value
// and percent. Money is formatted here, from grosze.
import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import styled from 'styled-components';
import type { InvestmentQuote, TransactionMethod } from '../../../contract/investment';
import { disclosureMachine } from '../../../machines/disclosure.machine';
import { amountOf, type FlowOffer, type InvestmentDraft } from '../../../machines/investment.machine';
import { formatFractionPercent, formatMoney } from '../../../lib/format';
import { countryName } from '../../components/forms/countries';
import { Image } from '../../components/media/Image';
import { ServerHtml } from '../../components/ui/ServerHtml';
import { Panel } from '../../components/ui/Panel';
import { useLanguage, useT } from '../../i18n/i18n';

export const COLLAPSED_DESCRIPTION_PX = 41;

export interface SummaryCardProps {
  offer: FlowOffer;
  draft: InvestmentDraft;
  methods: TransactionMethod[];
  quote: InvestmentQuote | null;
  email: string;
  showInvestor: boolean;
}

export function SummaryCard({ offer, draft, methods, quote, email, showInvestor }: SummaryCardProps) {
  const t = useT();
  const language = useLanguage();
  const descriptionId = useId();
  const more = useActorRef(disclosureMachine);
  const expanded = useSelector(more, (s) => s.hasTag('open'));
  const method = methods.find((m) => m.id === draft.methodId) ?? null;
  const amount = amountOf({ quote, draft });
  const investor = draft.investor;
  const none = t('invest.summary.none');

  return (
    <Card data-testid="summary-card" aria-label={t('invest.summary.title')}>
      <h2>{t('invest.summary.title')}</h2>
      {/* a term and its definition belong to a list of them, even when it is the only pair */}
      <dl>
        <Row>
          <dt>{t('invest.summary.method')}</dt>
          <dd data-testid="summary-method">{method?.name ?? none}</dd>
        </Row>
      </dl>
      <OfferBlock>
        {offer.thumbUrl && <Thumb src={offer.thumbUrl} alt={offer.title} />}
        <div>
          <h3 data-testid="summary-offer-title">{offer.title}</h3>
          <Description id={descriptionId} data-expanded={expanded} style={{ maxHeight: expanded ? 'none' : COLLAPSED_DESCRIPTION_PX }}>
            <ServerHtml html={offer.mainDescription} />
          </Description>
          <More type="button" aria-expanded={expanded} aria-controls={descriptionId} onClick={() => more.send({ type: 'disclosure.toggled' })}>
            {expanded ? t('invest.summary.viewLess') : t('invest.summary.viewMore')}
          </More>
        </div>
      </OfferBlock>
      {showInvestor && investor && (
        <div data-testid="summary-investor">
          <h3>{t('invest.summary.investor')}</h3>
          <dl>
          <Row>
            <dt>{t('invest.summary.fullName')}</dt>
            <dd>{`${investor.firstName} ${investor.lastName}`.trim()}</dd>
          </Row>
          <Row>
            <dt>{t('invest.summary.email')}</dt>
            <dd>{email}</dd>
          </Row>
          <Row>
            <dt>{t('invest.summary.address')}</dt>
            <dd>{[investor.address, `${investor.zip} ${investor.city}`.trim()].filter(Boolean).join(', ')}</dd>
          </Row>
          <Row>
            <dt>{t('invest.summary.country')}</dt>
            <dd>{investor.country ? countryName(investor.country, language) : none}</dd>
          </Row>
          </dl>
        </div>
      )}
      <dl data-testid="summary-payment">
        <Row>
          <dt>{t('invest.summary.pricePerShare')}</dt>
          <dd data-testid="summary-price">{formatMoney(draft.pricePerShare, language)}</dd>
        </Row>
        <Row>
          <dt>{t('invest.summary.shares')}</dt>
          <dd data-testid="summary-shares">{draft.quantity}</dd>
        </Row>
        <Row>
          <dt>{t('invest.summary.total')}</dt>
          <dd data-testid="summary-total">{formatMoney(amount, language)}</dd>
        </Row>
        <Row>
          <dt>{t('invest.summary.fee')}</dt>
          <dd data-testid="summary-fee">
            {method
              ? `${formatMoney(method.commission.commissionValue, language)} (${formatFractionPercent(method.commission.commissionPercent, language)})`
              : none}
          </dd>
        </Row>
        {method && (
          <Row $strong>
            <dt>{t('invest.summary.toPay')}</dt>
            <dd data-testid="summary-to-pay">{formatMoney(method.commission.amountWithCommission, language)}</dd>
          </Row>
        )}
      </dl>
    </Card>
  );
}

const Card = styled(Panel)`
  h2 {
    margin: 0;
    font-size: 1.3rem;
  }
  h3 {
    margin: 0 0 4px;
    font-size: 1rem;
  }
  dl {
    margin: 0;
    display: grid;
    gap: 6px;
  }
`;

const Row = styled.div<{ $strong?: boolean }>`
  display: flex;
  justify-content: space-between;
  gap: 12px;
  font-weight: ${({ $strong }) => ($strong ? 700 : 400)};
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    text-align: right;
  }
`;

const OfferBlock = styled.div`
  display: grid;
  grid-template-columns: 72px 1fr;
  gap: 12px;
  align-items: start;
`;

const Thumb = styled(Image)`
  width: 72px;
  height: 72px;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius}px;
`;

const Description = styled.div`
  overflow: hidden;
  font-size: 0.9rem;
  p {
    margin: 0;
  }
`;

const More = styled.button`
  margin-top: 4px;
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.green};
  font-weight: 700;
  cursor: pointer;
  text-decoration: underline;
`;
