// Step four: the thank-you page of the order's payment method, with the order as the server has it now.
import { useSelector } from '@xstate/react';
import { Button } from '../../../components/ui/Button';
import { useT } from '../../../i18n/i18n';
import type { InvestmentActor } from '../investActors';
import { ThankYouBankTransfer, ThankYouPayPal } from '../ThankYou';
import { Center } from './ui';

export function ThankYouStep({ actor }: { actor: InvestmentActor }) {
  const t = useT();
  const result = useSelector(actor, (s) => s.context.draft?.result ?? null);
  // The order as the server has it now (read on entry); until it arrives, the one saved with the result.
  const fresh = useSelector(actor, (s) => s.context.order);
  const refreshFailed = useSelector(actor, (s) => s.matches({ thankYou: 'orderFailed' }));
  const refreshing = useSelector(actor, (s) => s.matches({ thankYou: 'loadingOrder' }));
  const slug = useSelector(actor, (s) => s.context.slug);
  if (!result) return null;
  const order = fresh && fresh.id === result.order.id ? fresh : result.order;
  const notice = refreshFailed ? (
    <Center>
      <p role="alert">{t('invest.thankYou.statusFailed')}</p>
      <Button onClick={() => actor.send({ type: 'investment.retried' })} data-testid="retry-order-status">
        {t('invest.frame.retry')}
      </Button>
    </Center>
  ) : null;
  // One view per payment method.
  if (result.payment.codeName === 'BankTransfer') {
    return (
      <div aria-busy={refreshing}>
        {notice}
        <ThankYouBankTransfer order={order} payment={result.payment} />
      </div>
    );
  }
  return (
    <div aria-busy={refreshing}>
      {notice}
      <ThankYouPayPal order={order} slug={slug} />
    </div>
  );
}
