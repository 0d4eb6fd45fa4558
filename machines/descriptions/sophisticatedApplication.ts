import type { MachineDescriptions } from './types';

export default {
  summary: [
    'Applying to be treated as a sophisticated investor: the Annex II criteria and the declaration.',
    'Wniosek o uznanie za inwestora doświadczonego: kryteria z załącznika II i oświadczenie.',
  ],
  screens: ['settings: investor status'],
  where: '/en/settings',
  states: {
    checking: ['Deciding whether an application already waits', 'Ustalanie, czy wniosek już czeka'],
    editing: ['The form: natural or legal person, the criteria, the declaration', 'Formularz: osoba fizyczna lub prawna, kryteria, oświadczenie'],
    incomplete: ['What is missing is said (criteria or declaration)', 'Widoczne, czego brakuje (kryteria lub oświadczenie)'],
    submitting: ['The application is being sent', 'Wysyłanie wniosku'],
    waiting: ['The application waits for the operator’s decision', 'Wniosek czeka na decyzję operatora'],
  },
  events: {
    always: ['at once, depending on the latest application', 'od razu, zależnie od ostatniego wniosku'],
    'application.kindChosen': ['the investor chooses natural or legal person', 'inwestor wybiera osobę fizyczną lub prawną'],
    'application.criterionToggled': ['the investor ticks or unticks a criterion', 'inwestor zaznacza lub odznacza kryterium'],
    'application.declarationToggled': ['the investor ticks or unticks the declaration', 'inwestor zaznacza lub odznacza oświadczenie'],
    'application.submitted': ['the investor sends the application', 'inwestor wysyła wniosek'],
    'apply done': ['the server records the application', 'serwer zapisuje wniosek'],
    'apply failed': ['the server refuses or is unreachable', 'serwer odmawia lub jest nieosiągalny'],
  },
} satisfies MachineDescriptions;
