// en texts of the "contact" namespace.
export default {
  formTitle: 'Write to us',
  email: 'E-mail',
  phoneNumber: 'Phone number',
  phoneCountry: 'Phone country',
  fullName: 'Full name',
  message: 'Message',
  required: 'required',
  submit: 'Send',
  sending: 'Sending…',
  success: 'Thank you! Your message has been sent.',
  loadFailed: 'The form could not be loaded.',
  retry: 'Try again',
} as Record<string, unknown>;
