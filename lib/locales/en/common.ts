// en texts of the "common" namespace: words shared by many screens.
export default {
  loading: 'Loading…',
  close: 'Close',
  open: 'Open',
  refresh: 'Refresh',
  backToHomepage: 'Back to homepage',
  homepage: 'Homepage',
  siteName: 'Estate Shares',
  externalLink: '(opens an external site)',
  chunkFailed: 'This part of the page could not be loaded. Check your connection and refresh the page.',
} as Record<string, unknown>;
