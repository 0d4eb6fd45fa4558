// en texts of the "home" namespace.
export default {
  slider: {
    label: 'Featured',
    slide: 'Slide {{index}} of {{count}}',
    previous: 'Previous slide',
    next: 'Next slide',
  },
  featured: {
    title: 'Featured investments',
  },
  stats: {
    title: 'The platform in figures',
    raised: 'raised from investors',
    investors: 'investors',
    offersFunded: 'investments funded',
  },
  faq: {
    all: 'See all questions',
  },
} as Record<string, unknown>;
