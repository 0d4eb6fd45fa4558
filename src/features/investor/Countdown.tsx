// Time left to pay an unpaid order (src/components/payment/Countdown.tsx) with the investor area's texts.
import { Countdown as PaymentCountdown } from '../../components/payment/Countdown';

export function Countdown({ deadline }: { deadline: string }) {
  return <PaymentCountdown deadline={deadline} ns="investor.order" />;
}
