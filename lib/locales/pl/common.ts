// pl texts of the "common" namespace: words shared by many screens.
export default {
  loading: 'Ładowanie…',
  close: 'Zamknij',
  open: 'Otwórz',
  refresh: 'Odśwież',
  backToHomepage: 'Wróć na stronę główną',
  homepage: 'Strona główna',
  siteName: 'Estate Shares',
  externalLink: '(otwiera zewnętrzną stronę)',
  chunkFailed: 'Nie udało się wczytać tej części strony. Sprawdź połączenie i odśwież stronę.',
} as Record<string, unknown>;
