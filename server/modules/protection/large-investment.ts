// The large-investment threshold lives in lib/ so the investment flow warns at exactly the amount the
// server's order gate refuses without consent.
export {
  LARGE_INVESTMENT_EUR_CENTS,
  LARGE_INVESTMENT_NET_WORTH_PERCENT,
  RATE_SCALE,
  eurToGrosze,
  isLargeInvestment,
  largeInvestmentThreshold,
} from '../../../lib/largeInvestment';
