// en texts of the "offers" namespace.
export default {
  title: 'Investments',
  loading: 'Loading investments…',
  featuredTitle: 'Featured investments',
  latestTitle: 'Latest investments',
  card: {
    open: 'Open',
    closed: 'Closed',
    funded: 'Funded',
    check: 'Check available houses',
    pricePerShare: 'Price per share',
    minimum: 'Minimum investment',
    projectedReturn: 'Projected return',
    perYear: '{{percent}} a year',
    term: 'Investment window',
    notStated: '—',
    funding: 'Raised',
    fundingOf: '{{raised}} of {{target}}',
    fundingProgress: '{{percent}} of the target raised',
  },
  view: {
    label: 'View',
    tiles: 'Tiles',
    list: 'List',
  },
  count: {
    one: '{{count}} investment',
    few: '{{count}} investments',
    many: '{{count}} investments',
    other: '{{count}} investments',
  },
  empty: {
    text: 'There are no investments yet. Come back soon.',
    back: 'Back to homepage',
  },
  pagination: {
    label: 'Pages of investments',
    previous: 'Previous page',
    next: 'Next page',
    page: 'Page {{page}}',
    pageSize: 'Investments per page',
  },
} as Record<string, unknown>;
