export default {
  login: 'Log in',
  languageFailed: 'The language could not be loaded.',
  retry: 'Try again',
} as Record<string, unknown>;
