// en texts of the "home" namespace.
export default {
  slider: {
    label: 'Featured',
    slide: 'Slide {{index}} of {{count}}',
    previous: 'Previous slide',
    next: 'Next slide',
    pause: 'Pause the slideshow',
    play: 'Play the slideshow',
  },
  featured: {
    title: 'Featured investments',
  },
  stats: {
    title: 'The platform in figures',
    raised: 'raised from investors',
    investors: { one: 'investor', few: 'investors', many: 'investors', other: 'investors' },
    offersFunded: { one: 'investment funded', few: 'investments funded', many: 'investments funded', other: 'investments funded' },
  },
  faq: {
    all: 'See all questions',
  },
} as Record<string, unknown>;
