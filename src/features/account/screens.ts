// The screens this feature puts on the route table (contract/routes.ts), merged by src/app/Routes.tsx.
// Loaded on demand, a chunk per group of screens.
import type { RouteName } from '../../../contract/routes';
import { lazyScreen } from '../../screens/lazyScreen';
import type { Screen } from '../../screens/screen';

const activation = () => import('./ActivationPages');
const passwords = () => import('./PasswordPages');

export const accountScreens: Partial<Record<RouteName, Screen>> = {
  register: lazyScreen(() => import('./RegisterPage'), (m) => m.RegisterPage),
  registerSuccess: lazyScreen(activation, (m) => m.RegisterSuccessPage),
  activate: lazyScreen(activation, (m) => m.ActivatePage),
  resendActivation: lazyScreen(activation, (m) => m.ResendActivationPage),
  confirmEmail: lazyScreen(activation, (m) => m.ConfirmEmailPage),
  forgotPassword: lazyScreen(passwords, (m) => m.ForgotPasswordPage),
  resetPassword: lazyScreen(passwords, (m) => m.ResetPasswordPage),
  setPassword: lazyScreen(passwords, (m) => m.SetPasswordPage),
  settings: lazyScreen(() => import('./SettingsPage'), (m) => m.SettingsPage),
};
