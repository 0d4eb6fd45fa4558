// Time left to pay an unpaid order, ticking every second (machines/countdown.machine.ts); past the deadline
// it says so. Written once for the thank-you page and the investor area; the texts (`left`, `expired`) come
// from the caller's dictionary section.
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import styled from 'styled-components';
import { countdownMachine, remaining } from '../../../machines/countdown.machine';
import { useT } from '../../i18n/i18n';

export function Countdown({ deadline, ns, className }: { deadline: string; ns: 'invest.thankYou' | 'investor.order' | 'investor.revocation'; className?: string }) {
  const t = useT();
  // the clock is read once, when the chart starts (useActorRef takes its input on the first render only)
  const [startedAt] = useState(() => Date.now());
  const actor = useActorRef(countdownMachine, { input: { deadline: new Date(deadline).getTime(), now: startedAt } });
  const expired = useSelector(actor, (s) => s.hasTag('expired'));
  const left = useSelector(actor, (s) => remaining(s.context), (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    <Left className={className} data-testid="countdown" data-expired={expired} role="timer" aria-live="off">
      {expired ? t(`${ns}.expired`) : t(`${ns}.left`, { days: left.days, hours: pad(left.hours), minutes: pad(left.minutes), seconds: pad(left.seconds) })}
    </Left>
  );
}

const Left = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
`;
