// Time left to pay an unpaid order, ticking every second (machines/countdown.machine.ts, the investing
// feature's chart); past the deadline it says the order expires.
import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import { countdownMachine, remaining } from '../../../machines/countdown.machine';
import { useT } from '../../i18n/i18n';

export function Countdown({ deadline }: { deadline: string }) {
  const t = useT();
  const actor = useActorRef(countdownMachine, { input: { deadline: new Date(deadline).getTime(), now: Date.now() } });
  const expired = useSelector(actor, (s) => s.hasTag('expired'));
  const left = useSelector(actor, (s) => remaining(s.context), (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    <Left data-testid="countdown" data-expired={expired} role="timer" aria-live="off">
      {expired
        ? t('investor.order.expired')
        : t('investor.order.left', { days: left.days, hours: pad(left.hours), minutes: pad(left.minutes), seconds: pad(left.seconds) })}
    </Left>
  );
}

const Left = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
`;
