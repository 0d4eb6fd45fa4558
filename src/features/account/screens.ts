// The screens this feature puts on the route table (src/config/paths.ts), merged by src/app/Routes.tsx.
import type { RouteName } from '../../config/paths';
import type { Screen } from '../../app/screen';
import { ActivatePage, ConfirmEmailPage, RegisterSuccessPage, ResendActivationPage } from './ActivationPages';
import { DashboardPage } from './DashboardPage';
import { ForgotPasswordPage, ResetPasswordPage, SetPasswordPage } from './PasswordPages';
import { RegisterPage } from './RegisterPage';
import { SettingsPage } from './SettingsPage';

export const accountScreens: Partial<Record<RouteName, Screen>> = {
  register: RegisterPage,
  registerSuccess: RegisterSuccessPage,
  activate: ActivatePage,
  resendActivation: ResendActivationPage,
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
  setPassword: SetPasswordPage,
  confirmEmail: ConfirmEmailPage,
  settings: SettingsPage,
  dashboard: DashboardPage,
};
