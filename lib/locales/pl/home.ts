// pl texts of the "home" namespace.
export default {
  slider: {
    label: 'Wyróżnione',
    slide: 'Slajd {{index}} z {{count}}',
    previous: 'Poprzedni slajd',
    next: 'Następny slajd',
    pause: 'Wstrzymaj pokaz slajdów',
    play: 'Odtwarzaj pokaz slajdów',
  },
  featured: {
    title: 'Polecane inwestycje',
  },
  stats: {
    title: 'Platforma w liczbach',
    raised: 'zebrane od inwestorów',
    investors: { one: 'inwestor', few: 'inwestorów', many: 'inwestorów', other: 'inwestora' },
    offersFunded: { one: 'sfinansowana inwestycja', few: 'sfinansowane inwestycje', many: 'sfinansowanych inwestycji', other: 'sfinansowanej inwestycji' },
  },
  faq: {
    all: 'Zobacz wszystkie pytania',
  },
} as Record<string, unknown>;
