export default {
  login: 'Zaloguj się',
  languageFailed: 'Nie udało się wczytać języka.',
  retry: 'Spróbuj ponownie',
  bootFailedTitle: 'Nie udało się wczytać strony',
  bootFailedMessage: 'Coś poszło nie tak po naszej stronie lub po drodze. Spróbuj ponownie za chwilę.',
  unavailableTitle: 'Wracamy wkrótce',
  unavailableMessage: 'Serwis jest chwilowo niedostępny. Spróbuj ponownie za chwilę.',
} as Record<string, unknown>;
