import type { MachineDescriptions } from './types';

export default {
  summary: [
    'The knowledge test and the loss simulation a non-sophisticated investor takes before ordering (renewed every 2 years).',
    'Test wiedzy i symulacja zdolności do poniesienia straty, które inwestor niedoświadczony wypełnia przed zamówieniem (odnawiane co 2 lata).',
  ],
  screens: ['investment flow: knowledge test'],
  where: '/en/invest/personal-information/<offer> (without a valid test)',
  states: {
    loading: ['Loading the questionnaire and the latest result', 'Wczytywanie kwestionariusza i ostatniego wyniku'],
    loadFailed: ['The test could not be loaded: Retry', 'Nie udało się wczytać testu: Ponów'],
    deciding: ['Deciding whether the test is needed', 'Ustalanie, czy test jest potrzebny'],
    intro: ['Why the test is needed, and Start', 'Dlaczego test jest potrzebny, i Rozpocznij'],
    lapsed: ['The last result is over 2 years old: take the test again', 'Ostatni wynik ma ponad 2 lata: test trzeba wypełnić ponownie'],
    answering: ['Answering the questions and typing the simulation’s figures', 'Odpowiadanie na pytania i wpisywanie danych do symulacji'],
    submitting: ['The answers are scored on the server', 'Odpowiedzi są oceniane na serwerze'],
    passed: ['Passed: the result and the amount one can afford to lose', 'Zaliczony: wynik i kwota, którą można stracić'],
    riskWarning: ['Failed: the risk warning, to be acknowledged', 'Niezaliczony: ostrzeżenie o ryzyku do potwierdzenia'],
    acknowledging: ['The acknowledgement is being recorded', 'Zapisywanie potwierdzenia'],
    done: ['The investor may order', 'Inwestor może złożyć zamówienie'],
  },
  events: {
    'loadState done': ['the questionnaire and the result arrive', 'przychodzą kwestionariusz i wynik'],
    'loadState failed': ['loading fails', 'wczytywanie się nie udaje'],
    'knowledgeTest.retried': ['the investor clicks Retry', 'inwestor klika Ponów'],
    always: ['at once, depending on the classification and the latest result', 'od razu, zależnie od klasyfikacji i ostatniego wyniku'],
    'knowledgeTest.started': ['the investor clicks Start the test', 'inwestor klika Rozpocznij test'],
    'knowledgeTest.answered': ['the investor picks an answer', 'inwestor wybiera odpowiedź'],
    'knowledgeTest.figureChanged': ['the investor types a figure of the simulation', 'inwestor wpisuje kwotę do symulacji'],
    'knowledgeTest.submitted': ['the investor clicks See the result', 'inwestor klika Zobacz wynik'],
    'submitTest done': ['the server answers with the result', 'serwer odpowiada wynikiem'],
    'submitTest failed': ['the server refuses the answers or is unreachable', 'serwer odrzuca odpowiedzi lub jest nieosiągalny'],
    'knowledgeTest.continued': ['the investor clicks Continue', 'inwestor klika Dalej'],
    'knowledgeTest.acknowledged': ['the investor acknowledges the warning', 'inwestor potwierdza ostrzeżenie'],
    'acknowledgeRisk done': ['the acknowledgement is recorded', 'potwierdzenie zostaje zapisane'],
    'acknowledgeRisk failed': ['recording it fails', 'zapis się nie udaje'],
  },
} satisfies MachineDescriptions;
