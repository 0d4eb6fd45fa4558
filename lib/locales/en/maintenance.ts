export default {
  login: 'Log in',
  languageFailed: 'The language could not be loaded.',
  retry: 'Try again',
  bootFailedTitle: 'The site could not be loaded',
  bootFailedMessage: 'Something went wrong on our side or on the way to you. Please try again in a moment.',
  unavailableTitle: 'We will be back soon',
  unavailableMessage: 'The service is temporarily unavailable. Please try again in a moment.',
} as Record<string, unknown>;
