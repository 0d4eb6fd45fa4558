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
    'cookies.dismissed': ['the visitor clicks Decline or the close icon', 'odwiedzający klika Odrzuć lub ikonę zamknięcia'],
  },
} satisfies MachineDescriptions;
