// pl texts of the "contact" namespace.
export default {
  formTitle: 'Napisz do nas',
  email: 'E-mail',
  phoneNumber: 'Numer telefonu',
  phoneCountry: 'Kraj numeru telefonu',
  fullName: 'Imię i nazwisko',
  message: 'Wiadomość',
  required: 'wymagane',
  submit: 'Wyślij',
  sending: 'Wysyłanie…',
  success: 'Dziękujemy! Twoja wiadomość została wysłana.',
  loadFailed: 'Nie udało się wczytać formularza.',
  retry: 'Spróbuj ponownie',
} as Record<string, unknown>;
