import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { acceptCookies } from './support/consent';
import { DEMO } from './support/api';
import { linkPath, listMail, RESET_LINK, waitForMail } from './support/mail';
import { LoginPage } from './pages/login';
import { ForgotPasswordPage, ResetPasswordPage } from './pages/passwordReset';
import { RegistrationForm } from './pages/registration';
import { SettingsPage } from './pages/settings';

// Accounts against the real server (SPEC §2, §4, §5, §8; issue "Accounts"): register in each language,
// receive the activation mail, activate, log in, change settings, forget and reset the password, and see
// each error beside its field. Mail is read from the .eml files the server writes without SMTP
// (tests/e2e/support/mail.ts).

const PASSWORD = 'Start1234';
const NEW_PASSWORD = 'Zmienione123';
const RESET_PASSWORD = 'Odzyskane123';
const stamp = Date.now().toString(36);
const emailFor = (who: string) => `e2e-${who}-${stamp}@example.com`;

const T = {
  pl: {
    login: '/pl/logowanie',
    sentTo: 'Wysłaliśmy link aktywacyjny na adres',
    resend: 'Wyślij ponownie e-mail aktywacyjny',
    resent: 'E-mail aktywacyjny został wysłany ponownie.',
    activated: 'Twoje konto jest aktywne.',
    goToLogin: 'Przejdź do logowania',
    emailExists: 'Ten e-mail jest już zarejestrowany',
    accountNumber: 'Numer rachunku musi mieć 26 cyfr',
    firstNameRequired: 'Imię jest wymagane',
  },
  en: {
    login: '/en/login',
    sentTo: 'We have sent an activation link to',
    resend: 'Send the activation e-mail again',
    resent: 'The activation e-mail has been sent again.',
    activated: 'Your account is active.',
    goToLogin: 'Go to login',
    emailExists: 'This e-mail is already registered',
    accountNumber: 'Bank account number must have 26 digits',
    firstNameRequired: 'First name is required',
  },
} as const;

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

/** The error shown beside a field: the alert its aria-describedby points at. */
async function errorBeside(page: Page, name: string): Promise<string | null> {
  return field(page, name).evaluate((el) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    const alert = ids.map((id) => document.getElementById(id)).find((e) => e?.getAttribute('role') === 'alert');
    return alert?.textContent ?? null;
  });
}

const account = (email: string, firstName: string) => ({ email, password: PASSWORD, firstName, lastName: 'Testowa' });

/** Sends the login form (what follows is the test's to check). */
async function logIn(page: Page, language: 'pl' | 'en', email: string, password: string) {
  const login = new LoginPage(page, language);
  await login.goto();
  await login.submitAs({ email, password });
}

async function register(page: Page, language: 'pl' | 'en', email: string, firstName: string) {
  const form = new RegistrationForm(page, language);
  await form.goto();
  await form.fillAccount(account(email, firstName));
  await form.next.click();
  await form.fillAddress();
  await form.next.click();
  await form.fillBank();
  await form.create.click();
}

const users = { pl: emailFor('pl'), en: emailFor('en') };

test.describe.serial('accounts', () => {
  // The cookie banner would cover the lower form fields: it is accepted up front (banners.spec.ts tests it).
  test.beforeEach(async ({ context, baseURL }) => {
    await acceptCookies(context, baseURL!);
  });

  for (const language of ['pl', 'en'] as const) {
    test(`register, receive the activation mail, activate and log in (${language})`, async ({ page }) => {
      const t = T[language];
      const email = users[language];
      await register(page, language, email, language === 'pl' ? 'Ewa' : 'Emma');
      await expect(page).toHaveURL(new RegExp(`/${language}/(rejestracja-udana|register-success)$`));
      await expect(page.getByTestId('activation-sent-to')).toContainText(`${t.sentTo} ${email}`);

      const first = await waitForMail(email, { kind: 'activation' });
      // the resend button sends another one
      await page.getByRole('button', { name: t.resend }).click();
      await expect(page.getByText(t.resent)).toBeVisible();
      const second = await waitForMail(email, { kind: 'activation', seen: [first.file] });

      // the message is in the registration language and links to the SPA's activate route
      await page.goto(linkPath(second, new RegExp(`/${language}/(aktywuj|activate)/`)));
      await expect(page.getByText(t.activated)).toBeVisible();
      await page.getByRole('link', { name: t.goToLogin }).click();
      await expect(page).toHaveURL(new RegExp(`${t.login}$`));

      await logIn(page, language, email, PASSWORD);
      await expect(page.getByTestId('welcome')).toContainText(language === 'pl' ? 'Ewa' : 'Emma');
    });
  }

  test('registration errors stand beside their fields; a registered e-mail is refused at the first step', async ({ page }) => {
    const t = T.en;
    const form = new RegistrationForm(page, 'en');
    await form.goto();
    // client-side rules first
    await form.next.click();
    expect(await errorBeside(page, 'email')).toBe('E-mail is required');
    expect(await errorBeside(page, 'firstName')).toBe(t.firstNameRequired);
    // a registered e-mail is only known to the server: EMAIL_EXISTS shows on the first step, before the others
    await form.fillAccount(account(DEMO.investor.email, 'Emma'));
    await form.next.click();
    await expect.poll(() => errorBeside(page, 'email')).toBe(t.emailExists);
    await expect(page.getByTestId('registration-step')).toHaveAttribute('data-step', 'account');
    // a free address goes on; the bank account's rule on the last step
    await form.field('email').fill(`emma-${Date.now()}@example.com`);
    await form.next.click();
    await form.fillAddress();
    await form.next.click();
    await form.fillBank('1234');
    await form.create.click();
    expect(await errorBeside(page, 'accountNumber')).toBe(t.accountNumber);
    // the account number is typed in groups of four
    await form.field('accountNumber').fill('61109010140000071219812874');
    await expect(form.field('accountNumber')).toHaveValue('61 1090 1014 0000 0712 1981 2874');
    // going back and forth kept what was typed
    await form.back.click();
    await form.back.click();
    await expect(form.field('firstName')).toHaveValue('Emma');
    await form.next.click();
    await expect(form.field('city')).toHaveValue('Warszawa');
  });

  test('an activation link that does not exist is shown in red', async ({ page }) => {
    await page.goto('/en/activate/not-a-token');
    await expect(page.getByRole('alert').filter({ hasText: 'The activation link is not valid' })).toBeVisible();
  });

  test('settings: personal data, errors beside the fields, password and e-mail change', async ({ page }) => {
    const email = users.pl;
    await logIn(page, 'pl', email, PASSWORD);
    await expect(page.getByTestId('welcome')).toBeVisible();
    const settings = new SettingsPage(page, 'pl');
    await settings.goto();
    const personal = settings.personal;
    await expect(settings.field(personal, 'firstName')).toHaveValue('Ewa');

    await settings.field(personal, 'lastName').fill('Nowak');
    await settings.save(personal).click();
    await expect(personal.getByText('Dane osobowe zostały zapisane.')).toBeVisible();

    await settings.tab('security').click();
    const password = settings.password;
    await settings.fillPassword('Zle-haslo1', NEW_PASSWORD);
    await settings.save(password).click();
    await expect.poll(() => errorBeside(page, 'currentPassword')).toBe('Obecne hasło jest nieprawidłowe');

    await settings.field(password, 'currentPassword').fill(PASSWORD);
    await settings.save(password).click();
    await expect(password.getByText(/Hasło zostało zmienione/)).toBeVisible();

    const emailForm = settings.email;
    await settings.changeEmail(DEMO.operator.email);
    await expect.poll(() => errorBeside(page, 'newEmail')).toBe('Ten e-mail jest zajęty');

    const newEmail = emailFor('pl-new');
    await settings.changeEmail(newEmail);
    await expect(emailForm.getByText(`Wysłaliśmy link potwierdzający na adres ${newEmail}`)).toBeVisible();

    const confirm = await waitForMail(newEmail, { kind: 'email_change' });
    await page.goto(linkPath(confirm, /\/(potwierdz-email|confirm-email)\//));
    await expect(page.getByText('Nowy adres e-mail został potwierdzony.')).toBeVisible();
    users.pl = newEmail;

    await settings.goto();
    await settings.tab('documents').click();
    await expect(page.getByTestId('settings-documents')).toBeVisible();
  });

  test('forget the password, reset it from the mail and log in with it', async ({ page }) => {
    const email = users.pl;
    const before = listMail().map((m) => m.file);
    const forgot = new ForgotPasswordPage(page, 'pl');
    await forgot.goto();
    await forgot.request(email);
    await expect(page.getByText(/Jeśli istnieje konto z tym adresem e-mail/)).toBeVisible();

    // an unknown address gets the same neutral answer
    const forgotEn = new ForgotPasswordPage(page, 'en');
    await forgotEn.goto();
    await forgotEn.request(`nobody-${stamp}@example.com`);
    await expect(page.getByText(/If an account with this e-mail exists/)).toBeVisible();

    const mail = await waitForMail(email, { seen: before, link: RESET_LINK });
    await page.goto(linkPath(mail, RESET_LINK));
    const reset = new ResetPasswordPage(page, 'pl');
    await reset.fill('slabe', 'inne');
    await reset.save.click();
    expect(await errorBeside(page, 'password')).toBe('Hasło musi mieć co najmniej 8 znaków, 1 wielką literę i 1 cyfrę');
    await reset.fill(RESET_PASSWORD);
    await expect.poll(() => errorBeside(page, 'password')).toBeNull();
    const saved = page.waitForResponse((r) => r.url().includes('/api/user/reset-password') && r.request().method() === 'POST');
    await reset.save.click();
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(200);
    await expect(page.getByText('Hasło zostało zapisane.', { exact: false })).toBeVisible();

    // the token is single-use
    await page.goto(linkPath(mail, RESET_LINK));
    await expect(page.getByRole('heading', { name: 'Ten link jest nieprawidłowy' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Poproś o nowy link' })).toHaveAttribute('href', '/pl/zapomniane-haslo');

    await logIn(page, 'pl', email, RESET_PASSWORD);
    await expect(page.getByTestId('welcome')).toBeVisible();
  });

  test('an inactive account lands on resend-activation and can ask for the mail again', async ({ page }) => {
    await logIn(page, 'en', DEMO.inactive.email, DEMO.inactive.password);
    await expect(page).toHaveURL(/\/en\/resend-activation\/inactive%40example\.com$/);
    await expect(page.getByTestId('activation-sent-to')).toContainText(DEMO.inactive.email);
    await page.getByRole('button', { name: T.en.resend }).click();
    await expect(page.getByText(T.en.resent)).toBeVisible();
    await waitForMail(DEMO.inactive.email, { kind: 'activation' });
  });
});
