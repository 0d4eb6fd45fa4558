import type { MachineDescriptions } from './types';

export default {
  summary: ['Account activation from the e-mail link, and resending the link.', 'Aktywacja konta z linku w e-mailu oraz ponowne wysłanie linku.'],
  screens: ['account activation page'],
  where: '/en/activate/<token>',
  states: {
    start: ['Checking whether the link carries a token', 'Sprawdzanie, czy link zawiera token'],
    activating: ['Activating the account (spinner)', 'Aktywacja konta (wskaźnik ładowania)'],
    activated: ['The account is active: go to sign in', 'Konto jest aktywne: można się zalogować'],
    invalid: ['The link is invalid or expired', 'Link jest nieprawidłowy lub wygasł'],
    resend: ['The form to send a new activation link', 'Formularz wysłania nowego linku aktywacyjnego'],
    'resend.idle': ['Waiting for the e-mail address', 'Oczekiwanie na adres e-mail'],
    'resend.sending': ['Sending a new link', 'Wysyłanie nowego linku'],
    'resend.sent': ['A new link was sent: check your e-mail', 'Nowy link został wysłany: sprawdź pocztę'],
    'resend.failed': ['The link could not be sent: try again', 'Nie udało się wysłać linku: spróbuj ponownie'],
  },
  events: {
    always: ['at once, depending on whether the link has a token', 'od razu, zależnie od tego, czy link ma token'],
    'activate done': ['the server activates the account', 'serwer aktywuje konto'],
    'activate failed': ['the server rejects the token', 'serwer odrzuca token'],
    'activation.resendRequested': ['the user asks for a new link', 'użytkownik prosi o nowy link'],
    'resend done': ['the server sends the link', 'serwer wysyła link'],
    'resend failed': ['sending the link fails', 'wysłanie linku się nie udaje'],
  },
} satisfies MachineDescriptions;
