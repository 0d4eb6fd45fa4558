import type { MachineDescriptions } from './types';

export default {
  summary: ['The maintenance gate: the site closed for visitors during maintenance.', 'Bramka przerwy technicznej: serwis zamknięty dla odwiedzających.'],
  screens: ['maintenance page'],
  where: '/en',
  states: {
    evaluating: ['Deciding whether the site is open', 'Ustalanie, czy serwis jest otwarty'],
    open: ['The site is open', 'Serwis jest otwarty'],
    closed: ['The maintenance page is shown', 'Widoczna strona przerwy technicznej'],
  },
  events: {
    'maintenance.configLoaded': ['the site settings arrive', 'przychodzą ustawienia serwisu'],
    'maintenance.sessionChanged': ['the user signs in or out', 'użytkownik loguje się lub wylogowuje'],
    'maintenance.serviceUnavailable': ['the API answers 503 (maintenance)', 'API odpowiada 503 (przerwa)'],
    always: ['at once, depending on the settings and the user', 'od razu, zależnie od ustawień i użytkownika'],
    'maintenance.retried': ['the user clicks Retry', 'użytkownik klika Ponów'],
  },
} satisfies MachineDescriptions;
