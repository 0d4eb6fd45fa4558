import type { MachineDescriptions } from './types';

export default {
  summary: [
    'The app-wide actors as one system: language, maintenance gate, session and boot, and what passes between them.',
    'Aktorzy całej aplikacji jako jeden system: język, bramka przerwy, sesja i start, oraz to, co między nimi przechodzi.',
  ],
  screens: [],
  where: 'every page',
  states: {
    content: ['Boot loads the site content in the page language', 'Start wczytuje treści serwisu w języku strony'],
    'content.waitingForLanguage': ['Boot waits for the page language', 'Start czeka na język strony'],
    'content.loaded': ['Boot has loaded (or is loading) the content in a known language', 'Start wczytał (lub wczytuje) treści w znanym języku'],
    session: ['The maintenance gate knows who is signed in', 'Bramka przerwy wie, kto jest zalogowany'],
    'session.checking': ['Reading whether a session is stored', 'Sprawdzanie, czy zapisano sesję'],
    'session.signedOut': ['Nobody is signed in', 'Nikt nie jest zalogowany'],
    'session.signedIn': ['A user is signed in', 'Użytkownik jest zalogowany'],
    operatorLanding: ['An operator who signs in lands in the back office', 'Operator po zalogowaniu trafia do zaplecza'],
    'operatorLanding.idle': ['No sign-in under way', 'Brak logowania w toku'],
    'operatorLanding.signingIn': ['The login form was sent', 'Wysłano formularz logowania'],
    'operatorLanding.landing': ['Signed in: waiting for the user to be known', 'Zalogowano: oczekiwanie na dane użytkownika'],
  },
  events: {
    'language changed': ['the language chart moves (a new address or language)', 'zmienia się stan języka (nowy adres lub język)'],
    'auth changed': ['the session chart moves (sign-in, user, sign-out)', 'zmienia się stan sesji (logowanie, użytkownik, wylogowanie)'],
    always: ['at once, depending on whether a session is stored', 'od razu, zależnie od zapisanej sesji'],
  },
} satisfies MachineDescriptions;
