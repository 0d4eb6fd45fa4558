// pl texts of the "content" namespace: fallbacks of content-managed pages. `faq.*` and `about.*` belong to
// the public pages (src/features/public); the static and contact pages add their own keys.
export default {
  faq: {
    title: 'Najczęściej zadawane pytania',
    empty: 'Nie ma tu jeszcze pytań. Zapytaj nas bezpośrednio.',
    contactUs: 'Skontaktuj się z nami',
  },
  about: {
    title: 'O nas',
    logo: 'Logo',
    projects: 'Nasze projekty',
  },
} as Record<string, unknown>;
