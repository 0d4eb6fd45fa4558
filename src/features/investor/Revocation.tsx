// The reflection period on the order page (ECSP Art. 22): while it runs, how long remains and a one-click
// Revoke with a confirmation dialog; the result in the investor's language. Renders the revocation chart
// (machines/revocation.machine.ts); the page reads the order again once it is revoked.
import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import type { Order } from '../../../contract/orders';
import type { RevokeResult } from '../../../contract/protection';
import { reflectionDeadline } from '../../../lib/reflectionPeriod';
import { revocationMachine } from '../../../machines/revocation.machine';
import { Countdown } from '../../components/payment/Countdown';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { useLanguage, useT, useTranslateError } from '../../i18n/i18n';
import { formatDate } from '../../components/investor/ui';

export function Revocation({ order, revoke, onRevoked }: { order: Order; revoke: (orderId: string) => Promise<RevokeResult>; onRevoked: () => void }) {
  const actor = useActorRef(
    revocationMachine.provide({
      actors: { revoke: fromPromise(({ input }) => revoke(input.orderId)) },
      actions: { orderChanged: () => onRevoked() },
    }),
    { input: { orderId: order.id, status: order.status, createdAt: order.createdAt, applies: order.reflectionPeriod.applies } },
  );
  return <RevocationView actor={actor} createdAt={order.createdAt} />;
}

export function RevocationView({ actor, createdAt }: { actor: ReturnType<typeof useActorRef<typeof revocationMachine>>; createdAt: string }) {
  const t = useT();
  const language = useLanguage();
  const tError = useTranslateError();
  const view = useSelector(actor, (s) => (['closed', 'offered', 'confirming', 'revoking', 'revoked', 'failed'] as const).find((v) => s.matches(v)) ?? 'closed');
  const result = useSelector(actor, (s) => s.context.result);
  const errors = useSelector(actor, (s) => s.context.errors);
  if (view === 'closed') return null;
  const deadline = reflectionDeadline(new Date(createdAt)).toISOString();
  if (view === 'revoked') {
    return (
      <Box data-testid="revocation" data-view="revoked" role="status">
        <strong>{t('investor.revocation.revoked')}</strong>
        {result?.refundDue && (
          <p data-testid="revocation-refund">
            {t(result.refundMethod === 'PayPal' ? 'investor.revocation.refundPayPal' : 'investor.revocation.refundBank', { date: formatDate(result.refundExpectedBy, language, false) })}
          </p>
        )}
      </Box>
    );
  }
  return (
    <Box data-testid="revocation" data-view={view}>
      <h2>{t('investor.revocation.title')}</h2>
      <p>{t('investor.revocation.text', { date: formatDate(deadline, language) })}</p>
      <Countdown deadline={deadline} ns="investor.revocation" />
      {view === 'failed' && (
        <Errors role="alert" data-testid="revocation-errors">
          {errors.map((e, i) => (
            <li key={`${e.code}-${i}`}>{tError(e.code, e.message)}</li>
          ))}
        </Errors>
      )}
      <Actions>
        <Button variant="secondary" onClick={() => actor.send({ type: 'revocation.requested' })} data-testid="revoke-button">
          {view === 'failed' ? t('investor.revocation.retry') : t('investor.revocation.revoke')}
        </Button>
        {view === 'failed' && (
          <Button variant="ghost" onClick={() => actor.send({ type: 'revocation.dismissed' })}>
            {t('investor.revocation.dismiss')}
          </Button>
        )}
      </Actions>
      <Dialog
        open={view === 'confirming' || view === 'revoking'}
        onClose={() => actor.send({ type: 'revocation.cancelled' })}
        title={t('investor.revocation.confirmTitle')}
        id="revocation-dialog"
      >
        <p>{t('investor.revocation.confirmText')}</p>
        <Actions>
          <Button onClick={() => actor.send({ type: 'revocation.confirmed' })} busy={view === 'revoking'} data-testid="revoke-confirm">
            {view === 'revoking' ? t('investor.revocation.revoking') : t('investor.revocation.confirm')}
          </Button>
          <Button variant="secondary" onClick={() => actor.send({ type: 'revocation.cancelled' })} disabled={view === 'revoking'} data-testid="revoke-keep">
            {t('investor.revocation.keep')}
          </Button>
        </Actions>
      </Dialog>
    </Box>
  );
}

const Box = styled.section`
  display: grid;
  gap: 0.5rem;
  padding: 1rem;
  border: 1px solid ${({ theme }) => theme.colors.border ?? '#d8d2cc'};
  border-radius: 8px;
  h2 {
    margin: 0;
    font-size: 1.1rem;
  }
  p {
    margin: 0;
  }
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-top: 0.5rem;
`;
const Errors = styled.ul`
  color: ${({ theme }) => theme.colors.error};
  margin: 0;
  padding-left: 1.2rem;
`;
