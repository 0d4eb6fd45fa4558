import type { MachineDescriptions } from './types';

export default {
  summary: ['Forgotten password: ask for a link, then choose a new password.', 'Zapomniane hasło: prośba o link, potem nowe hasło.'],
  screens: ['password reset page'],
  where: '/en/forgot-password',
  states: {
    start: ['Checking whether the link carries a token', 'Sprawdzanie, czy link zawiera token'],
    request: ['The form asking for the e-mail address', 'Formularz z adresem e-mail'],
    requesting: ['Sending the reset link', 'Wysyłanie linku resetu'],
    requested: ['“Check your e-mail” is shown', 'Widoczne „Sprawdź pocztę”'],
    validating: ['Checking the link', 'Sprawdzanie linku'],
    choosing: ['The form for the new password', 'Formularz nowego hasła'],
    saving: ['Saving the new password', 'Zapisywanie nowego hasła'],
    invalidToken: ['The link is invalid or expired', 'Link jest nieprawidłowy lub wygasł'],
    done: ['The password was changed: sign in', 'Hasło zmienione: można się zalogować'],
  },
  events: {
    always: ['at once, depending on whether the link has a token', 'od razu, zależnie od tego, czy link ma token'],
    'passwordReset.requested': ['the user submits the e-mail address', 'użytkownik wysyła adres e-mail'],
    'requestReset done': ['the server sends the link', 'serwer wysyła link'],
    'requestReset failed': ['the request fails', 'prośba się nie udaje'],
    'validateToken done': ['the link is valid', 'link jest ważny'],
    'validateToken failed': ['the link is rejected', 'link zostaje odrzucony'],
    'passwordReset.submitted': ['the user submits the new password', 'użytkownik wysyła nowe hasło'],
    'resetPassword done': ['the server saves it', 'serwer je zapisuje'],
    'resetPassword failed': ['the server rejects it (or the link)', 'serwer je odrzuca (lub link)'],
  },
} satisfies MachineDescriptions;
