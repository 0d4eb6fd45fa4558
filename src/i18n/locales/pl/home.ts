// pl texts of the "home" namespace.
export default {
  slider: {
    label: 'Wyróżnione',
    slide: 'Slajd {{index}} z {{count}}',
    previous: 'Poprzedni slajd',
    next: 'Następny slajd',
  },
  featured: {
    title: 'Polecane inwestycje',
  },
  stats: {
    title: 'Platforma w liczbach',
    raised: 'zebrane od inwestorów',
    investors: 'inwestorów',
    offersFunded: 'sfinansowanych inwestycji',
  },
  faq: {
    all: 'Zobacz wszystkie pytania',
  },
} as Record<string, unknown>;
