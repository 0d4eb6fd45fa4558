// en texts of the "protection" namespace: the knowledge test with the loss simulation, the large-investment
// warning, the key investment information sheet and the reflection period.
export default {
  test: {
    title: 'Knowledge test and loss simulation',
    loading: 'Loading the knowledge test…',
    loadFailed: 'The knowledge test could not be loaded.',
    retry: 'Try again',
    intro:
      'Before your first order, EU law (Regulation (EU) 2020/1503, Article 21) requires us to check your knowledge of the risks of crowdfunding investments and what loss you can bear. The test takes a few minutes and is valid for 2 years.',
    lapsed: 'Your last knowledge test is more than 2 years old. Take it again to keep investing.',
    start: 'Start the test',
    questions: 'Questions',
    simulation: 'Simulation of your ability to bear loss',
    simulationIntro: 'Give the amounts in whole złoty. We work out your net worth from them; we keep only the result, not the amounts.',
    yearlyIncome: 'Yearly income (PLN)',
    liquidAssets: 'Liquid assets: savings, deposits, securities (PLN)',
    yearlyCommitments: 'Regular yearly financial commitments (PLN)',
    submit: 'See the result',
    submitting: 'Checking…',
    passedTitle: 'Test passed',
    passed: 'Your answers show that you understand the risk of this investment.',
    netWorth: 'Net worth',
    affordableLoss: 'The amount you can afford to lose (10% of net worth)',
    continue: 'Continue to the order',
    warningTitle: 'Risk warning',
    warning:
      'Your answers show that this investment may not be appropriate for you. Crowdfunding investments carry the risk of losing the whole amount invested, and the shares may not be sellable for many years. You may continue only at your own risk.',
    acknowledge: 'I understand the risk and want to continue',
    acknowledging: 'Saving…',
  },
  large: {
    title: 'Warning: a large investment',
    text: 'This order ({{amount}}) is above the higher of EUR 1,000 and 5% of your net worth ({{threshold}}). You may lose the whole amount invested. Continue only if you knowingly accept this risk.',
    consent: 'I understand the warning and consent to this investment',
    change: 'Change the number of shares on the offer page',
  },
  kiis: {
    heading: 'Key investment information sheet',
    open: 'Open the key investment information sheet (PDF, new tab)',
    acknowledge: 'I have read the key investment information sheet, including the risk warning and the reflection period',
  },
} as const;
