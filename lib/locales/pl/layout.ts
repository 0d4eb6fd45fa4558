// pl texts of the "layout" namespace: the main frame (top bar, drawer, contact menu, footer, banners)
// and the not-found / access-denied pages.
export default {
  skipToContent: 'Przejdź do treści',
  topBar: {
    logoAlt: 'Estate Shares: przejdź na stronę główną',
    mainMenu: 'Menu główne',
    login: 'Zaloguj się',
    userMenu: 'Menu konta',
    userMenuFallback: 'Moje konto',
    dashboard: 'Panel inwestora',
    orders: 'Zamówienia',
    settings: 'Ustawienia',
    logout: 'Wyloguj się',
    backOffice: 'Panel operatora',
  },
  drawer: {
    open: 'Otwórz menu',
    close: 'Zamknij menu',
    title: 'Menu',
  },
  contactMenu: {
    label: 'Kontakt',
    call: 'Zadzwoń do nas',
    contact: 'Napisz do nas',
    dialogTitle: 'Zadzwoń do nas',
    dialogText: 'Nasz zespół relacji inwestorskich chętnie odpowie na Twoje pytania.',
    callNumber: 'Zadzwoń pod numer {{phone}}',
    noPhone: 'Numer telefonu jest teraz niedostępny. Skorzystaj z formularza kontaktowego.',
  },
  footer: {
    label: 'Stopka',
    menu: 'Menu w stopce',
    social: 'Media społecznościowe',
    socialLink: '{{name}} w serwisie {{network}}',
    networks: {
      linkedin: 'LinkedIn',
      facebook: 'Facebook',
      twitter: 'X (Twitter)',
      instagram: 'Instagram',
      youtube: 'YouTube',
    },
  },
  cookies: {
    label: 'Zgoda na pliki cookie',
    defaultTitle: 'Używamy plików cookie',
    accept: 'Akceptuję',
    decline: 'Odrzucam',
    privacyPolicy: 'Polityka prywatności',
    close: 'Zamknij informację o plikach cookie',
  },
  connectivity: {
    offline: 'Brak połączenia z internetem. Sprawdź połączenie i odśwież stronę.',
    refresh: 'Odśwież',
    restored: 'Połączenie zostało przywrócone.',
    closeRestored: 'Zamknij komunikat',
  },
  notFound: {
    title: 'Nie znaleziono strony',
    subtitle: 'Strona, której szukasz, nie istnieje lub została przeniesiona.',
    subtitle2: 'Zobacz zamiast tego nasze aktualne oferty inwestycyjne.',
    back: 'Wróć na stronę główną',
  },
  accessDenied: {
    title: 'Brak dostępu',
    subtitle: 'Nie masz uprawnień do wyświetlenia tej strony.',
    back: 'Wróć na stronę główną',
  },
} as Record<string, unknown>;
