export default {
  login: 'Zaloguj się',
  languageFailed: 'Nie udało się wczytać języka.',
  retry: 'Spróbuj ponownie',
} as Record<string, unknown>;
