// en texts of the "content" namespace: fallbacks of content-managed pages. `faq.*` and `about.*` belong to
// the public pages (src/features/public); the static and contact pages add their own keys.
export default {
  faq: {
    title: 'Frequently asked questions',
    empty: 'There are no questions here yet. Ask us directly.',
    contactUs: 'Contact us',
  },
  about: {
    title: 'About us',
    logo: 'Logo',
    projects: 'Our projects',
  },
} as Record<string, unknown>;
