import type { MachineDescriptions } from './types';

export default {
  summary: ['One operator action form (confirm payment, cancel order…).', 'Formularz jednej akcji operatora (potwierdzenie płatności, anulowanie…).'],
  screens: ['operator order detail actions'],
  where: '/en/operator',
  states: {
    editing: ['The action form is being filled in', 'Wypełnianie formularza akcji'],
    invalid: ['Required fields are missing', 'Brakuje wymaganych pól'],
    submitting: ['Sending the action', 'Wysyłanie akcji'],
    done: ['The action was applied', 'Akcja została wykonana'],
    failed: ['The action was refused or failed', 'Akcja odrzucona lub nieudana'],
  },
  events: {
    'operator.changed': ['the operator edits the form', 'operator edytuje formularz'],
    'operator.submitted': ['the operator submits', 'operator zatwierdza'],
    'submit done': ['the server applies it', 'serwer ją wykonuje'],
    'submit failed': ['the server refuses it', 'serwer ją odrzuca'],
    'operator.dismissed': ['the operator closes the message', 'operator zamyka komunikat'],
  },
} satisfies MachineDescriptions;
