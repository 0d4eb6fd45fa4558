// pl texts of the "offers" namespace.
export default {
  title: 'Inwestycje',
  loading: 'Wczytywanie inwestycji…',
  featuredTitle: 'Polecane inwestycje',
  latestTitle: 'Najnowsze inwestycje',
  card: {
    open: 'Otwarta',
    closed: 'Zamknięta',
    funded: 'Sfinansowana',
    check: 'Sprawdź dostępne domy',
    pricePerShare: 'Cena udziału',
    minimum: 'Minimalna inwestycja',
    projectedReturn: 'Prognozowany zwrot',
    perYear: '{{percent}} rocznie',
    term: 'Okres inwestycji',
    notStated: '—',
    funding: 'Zebrano',
    fundingOf: '{{raised}} z {{target}}',
    fundingProgress: 'Zebrano {{percent}} celu',
  },
  view: {
    label: 'Widok',
    tiles: 'Kafelki',
    list: 'Lista',
  },
  count: {
    one: '{{count}} inwestycja',
    few: '{{count}} inwestycje',
    many: '{{count}} inwestycji',
    other: '{{count}} inwestycji',
  },
  empty: {
    text: 'Nie ma jeszcze żadnych inwestycji. Zajrzyj do nas wkrótce.',
    back: 'Wróć na stronę główną',
  },
  pagination: {
    label: 'Strony inwestycji',
    previous: 'Poprzednia strona',
    next: 'Następna strona',
    page: 'Strona {{page}}',
    pageSize: 'Inwestycji na stronie',
  },
} as Record<string, unknown>;
