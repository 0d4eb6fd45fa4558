export default {
  login: {
    title: 'Log in',
    email: 'E-mail',
    password: 'Password',
    submit: 'Log in',
    submitting: 'Logging in…',
    loginRequired: 'Please log in to see this page.',
    noAccount: 'No account yet?',
    register: 'Register',
    forgotPassword: 'Forgot your password?',
  },
  logout: 'Log out',
} as Record<string, unknown>;
