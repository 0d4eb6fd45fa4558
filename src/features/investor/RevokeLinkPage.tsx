// The landing page of the revoke link in an order confirmation e-mail (ECSP Art. 22): no sign-in, the link's
// token is the authorization. It reads the order the link is for (GET /order-revocation, the load chart), then
// offers the same countdown and one-click Revoke with confirmation as the order page (the revocation chart,
// machines/revocation.machine.ts, its `revoke` provided as POST /order-revocation with the token). A link that
// does not work says why: not valid, already used, the period over, the order no longer revocable.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import type { RevokeLinkOrder, RevokeResult } from '../../../contract/protection';
import { href } from '../../../contract/routes';
import { formatMoney } from '../../../lib/format';
import { revocationMachine } from '../../../machines/revocation.machine';
import type { Http } from '../../api/http';
import { LinkButton } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { useLoad } from '../../components/ui/useLoad';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { useLanguage, useT } from '../../i18n/i18n';
import type { Screen } from '../../screens/screen';
import { useAppSystem } from '../../system/AppSystemContext';
import { RevocationView } from './Revocation';
import { Fields, formatDate, LoadError, StatusBadge } from '../../components/investor/ui';

export function createRevokeLinkApi(http: Http) {
  return {
    /** GET /order-revocation: the order the link is for; refusals by code (REVOKE_LINK_NOT_VALID, …). */
    order: (token: string, signal?: AbortSignal) => http<RevokeLinkOrder>('/order-revocation', { query: { token }, signal }),
    /** POST /order-revocation: the revocation by the link. */
    revoke: (token: string) => http<RevokeResult>('/order-revocation', { method: 'POST', body: { token } }),
  };
}

/** Why a link does not work, by the server's code; anything else is a failed load with a retry. */
const REFUSALS: Record<string, 'invalid' | 'used' | 'expired' | 'closed'> = {
  REVOKE_LINK_NOT_VALID: 'invalid',
  VALUE_NOT_VALID: 'invalid',
  REVOKE_LINK_USED: 'used',
  REFLECTION_PERIOD_OVER: 'expired',
  INVALID_STATUS_CHANGE: 'closed',
};

export const RevokeLinkPage: Screen = ({ params }) => <RevokeLink key={params.revokeToken} token={params.revokeToken ?? ''} />;

function RevokeLink({ token }: { token: string }) {
  const t = useT();
  const { http } = useAppSystem();
  const api = createRevokeLinkApi(http);
  const load = useLoad((p: { token: string }, signal) => api.order(p.token, signal), { token });
  usePageTitle(t('investor.revokeLink.title'));
  const code = load.status === 'failure' ? ((load.error as { code?: string } | null)?.code ?? 'GENERIC') : null;
  const refusal = code ? REFUSALS[code] : undefined;
  return (
    <Page data-testid="revoke-link" data-view={load.status === 'success' ? 'valid' : (refusal ?? load.status)} aria-labelledby="revoke-link-title">
      {refusal ? (
        <Refusal kind={refusal} />
      ) : (
        <>
          <h1 id="revoke-link-title">{t('investor.revokeLink.title')}</h1>
          {(load.status === 'loading' || load.status === 'idle') && <Spinner label={t('investor.revokeLink.loading')} />}
          {load.status === 'failure' && <LoadError error={load.error} onRetry={load.retry} />}
          {load.status === 'success' && load.data && <Valid order={load.data} revoke={() => api.revoke(token)} />}
        </>
      )}
    </Page>
  );
}

function Valid({ order, revoke }: { order: RevokeLinkOrder; revoke: () => Promise<RevokeResult> }) {
  const t = useT();
  const language = useLanguage();
  const [status, setStatus] = useState<string>(order.status);
  const actor = useActorRef(
    revocationMachine.provide({
      actors: { revoke: fromPromise(() => revoke()) },
      actions: { orderChanged: () => setStatus('cancelled') },
    }),
    // A link is sent only for an order the period applies to (server/modules/protection/revoke-link.ts getsRevokeLink).
    { input: { orderId: order.reference, status: order.status, createdAt: order.createdAt, applies: true } },
  );
  // The chart's own reading of the clock: a page left open past the deadline offers nothing.
  const closed = useSelector(actor, (s) => s.matches('closed'));
  return (
    <>
      <p>{t('investor.revokeLink.intro')}</p>
      <Fields data-testid="revoke-link-order">
        <Row label={t('investor.revokeLink.reference')} value={order.reference} testId="revoke-link-reference" />
        <Row label={t('investor.revokeLink.offer')} value={order.offerTitle} />
        <Row label={t('investor.revokeLink.shares')} value={String(order.quantity)} />
        <Row label={t('investor.revokeLink.total')} value={formatMoney(order.totalPrice, language)} />
        <Row label={t('investor.revokeLink.placedAt')} value={formatDate(order.createdAt, language)} />
        <div>
          <dt>{t('investor.revokeLink.status')}</dt>
          <dd>
            <StatusBadge status={status} />
          </dd>
        </div>
      </Fields>
      {closed ? <Refusal kind="expired" heading={false} /> : <RevocationView actor={actor} createdAt={order.createdAt} />}
    </>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

function Refusal({ kind, heading = true }: { kind: 'invalid' | 'used' | 'expired' | 'closed'; heading?: boolean }) {
  const t = useT();
  const language = useLanguage();
  const { auth } = useAppSystem();
  const loggedIn = useSelector(auth, (s) => s.hasTag('loggedIn'));
  const title = useRef<HTMLHeadingElement>(null);
  // the page's answer replaces the loading state: screen readers and keyboards start at it
  useEffect(() => title.current?.focus(), []);
  return (
    <>
      {heading ? (
        <h1 id="revoke-link-title" ref={title} tabIndex={-1}>
          {t(`investor.revokeLink.${kind}Title`)}
        </h1>
      ) : (
        <h2>{t(`investor.revokeLink.${kind}Title`)}</h2>
      )}
      <Notice role={kind === 'used' ? 'status' : 'alert'} data-testid="revoke-link-refusal" data-kind={kind}>
        {t(`investor.revokeLink.${kind}`)}
      </Notice>
      <div>
        {loggedIn ? (
          <LinkButton href={href(language, 'orders')}>{t('investor.nav.orders')}</LinkButton>
        ) : kind === 'invalid' ? (
          <LinkButton href={href(language, 'login')}>{t('investor.revokeLink.signIn')}</LinkButton>
        ) : (
          <LinkButton href={href(language, 'home')}>{t('investor.revokeLink.home')}</LinkButton>
        )}
      </div>
    </>
  );
}

const Page = styled.section`
  max-width: ${({ theme }) => theme.layout.sectionNarrowWidth}px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.layout.sectionPadding}px ${({ theme }) => theme.layout.sectionPaddingSmall}px;
  display: grid;
  gap: 16px;
  h1,
  h2,
  p {
    margin: 0;
  }
`;

const Notice = styled.p`
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius}px;
  border: 1px solid ${({ theme }) => theme.colors.border ?? '#d8d2cc'};
`;
