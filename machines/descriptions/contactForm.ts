import type { MachineDescriptions } from './types';

export default {
  summary: ['The contact form: send a message to the operator.', 'Formularz kontaktowy: wiadomość do operatora.'],
  screens: ['contact page', 'offer page contact form'],
  where: '/en/contact-us',
  states: {
    editing: ['The form is being filled in (errors shown by fields)', 'Wypełnianie formularza (błędy przy polach)'],
    submitting: ['Sending the message', 'Wysyłanie wiadomości'],
    success: ['“Message sent” is shown', 'Widoczne „Wiadomość wysłana”'],
  },
  events: {
    'contact.submitted': ['the user submits the form', 'użytkownik wysyła formularz'],
    'sendContactMessage done': ['the server accepts the message', 'serwer przyjmuje wiadomość'],
    'sendContactMessage failed': ['the server rejects it or is unreachable', 'serwer odrzuca ją lub jest nieosiągalny'],
  },
} satisfies MachineDescriptions;
