export default {
  label: 'Language',
  switchFailed: 'The language could not be changed.',
} as Record<string, unknown>;
