export default {
  login: {
    title: 'Logowanie',
    email: 'E-mail',
    password: 'Hasło',
    submit: 'Zaloguj się',
    submitting: 'Logowanie…',
    loginRequired: 'Zaloguj się, aby zobaczyć tę stronę.',
    noAccount: 'Nie masz jeszcze konta?',
    register: 'Zarejestruj się',
    forgotPassword: 'Nie pamiętasz hasła?',
  },
  logout: 'Wyloguj się',
} as Record<string, unknown>;
