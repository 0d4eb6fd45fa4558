import type { MachineDescriptions } from './types';

export default {
  summary: ['The cookie consent banner.', 'Baner zgody na ciasteczka.'],
  screens: ['cookie banner (every page)'],
  where: '/en',
  states: {
    checking: ['Reading the consent cookies', 'Odczyt ciasteczek zgody'],
    visible: ['The banner asks for consent', 'Baner prosi o zgodę'],
    hidden: ['No banner', 'Brak banera'],
  },
  events: {
    'readConsentCookies done': ['the cookies are read (consent given earlier or not)', 'ciasteczka zostają odczytane (zgoda była lub nie)'],
    'readConsentCookies failed': ['the cookies cannot be read', 'nie da się odczytać ciasteczek'],
    'cookies.accepted': ['the visitor clicks Accept', 'odwiedzający klika Akceptuję'],
    'cookies.declined': ['the visitor clicks Decline (kept like Accept)', 'odwiedzający klika Odrzuć (zapamiętane jak Akceptuję)'],
    'cookies.dismissed': ['the visitor clicks the close icon (asked again after 7 days)', 'odwiedzający klika ikonę zamknięcia (pytanie wraca po 7 dniach)'],
  },
} satisfies MachineDescriptions;
