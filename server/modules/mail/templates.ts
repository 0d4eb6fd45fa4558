import type { Language } from '../../config';
import type { MailKind } from '../../db/schema-accounts';

// Bilingual e-mail templates, rendered in the RECIPIENT's language (the user's stored language), as plain text
// and simple HTML. Links point at the SPA's routes (src/... route table): /{lang}/{translated path}/{token}.

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** The one action link of the message (logged by the local file transport). */
  link?: string;
}

const SPA_PATHS = {
  activation: { pl: 'aktywuj', en: 'activate' },
  reset_password: { pl: 'resetuj-haslo', en: 'reset-password' },
  set_password: { pl: 'ustaw-haslo', en: 'set-password' },
  email_change: { pl: 'potwierdz-email', en: 'confirm-email' },
} as const;

export type TokenMailKind = keyof typeof SPA_PATHS;

export function spaLink(publicUrl: string, kind: TokenMailKind, language: Language, token: string): string {
  return `${publicUrl}/${language}/${SPA_PATHS[kind][language]}/${encodeURIComponent(token)}`;
}

export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export const BRAND = 'Estate Shares';

interface Copy {
  subject: string;
  greeting: string;
  lines: string[];
  button: string;
  footer: string;
}

export interface MailLayout extends Copy {
  /** The one action link (the button). */
  link: string;
  /** Label/value rows (an order's bank details, amounts) between the lines and the button. */
  table?: [string, string][];
  /** The link printed again under the button, for clients that do not show buttons (the account mails). */
  linkBelow?: boolean;
  /** A second, lesser action after the button: its explanation, the link's label and the link. */
  secondary?: { text: string; label: string; link: string };
}

/** Every e-mail's layout, written once: plain text and simple HTML. */
export function renderMail(copy: MailLayout): RenderedMail {
  const { link, table } = copy;
  const text = [
    copy.greeting,
    '',
    ...copy.lines,
    '',
    ...(table ? [...table.map(([label, value]) => `${label}: ${value}`), ''] : []),
    `${copy.button}: ${link}`,
    '',
    ...(copy.secondary ? [copy.secondary.text, `${copy.secondary.label}: ${copy.secondary.link}`, ''] : []),
    '--',
    copy.footer,
    '',
  ].join('\n');
  const rows = (table ?? [])
    .map(([label, value]) => `<tr><th align="left" style="padding:4px 12px 4px 0;font-weight:normal;color:#6b5d55">${escapeHtml(label)}</th><td style="padding:4px 0"><strong>${escapeHtml(value)}</strong></td></tr>`)
    .join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="margin:0;padding:24px;background:#f4f1ec;font-family:Lato,Arial,sans-serif;color:#3b2f2a">',
    '<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    '<tr><td>',
    `<h1 style="margin:0 0 16px;font-size:20px;color:#2e6b3a">${escapeHtml(BRAND)}</h1>`,
    `<p>${escapeHtml(copy.greeting)}</p>`,
    copy.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
    ...(table ? [rows ? `<table role="presentation" style="margin:16px 0">${rows}</table>` : ''] : []),
    `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#2e6b3a;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(copy.button)}</a></p>`,
    ...(copy.linkBelow ? [`<p style="font-size:13px;color:#6b5d55">${escapeHtml(link)}</p>`] : []),
    ...(copy.secondary
      ? [
          `<p>${escapeHtml(copy.secondary.text)}</p>`,
          `<p><a href="${escapeHtml(copy.secondary.link)}" style="color:#2e6b3a">${escapeHtml(copy.secondary.label)}</a></p>`,
        ]
      : []),
    `<p style="font-size:12px;color:#6b5d55">${escapeHtml(copy.footer)}</p>`,
    '</td></tr></table>',
    '</body></html>',
    '',
  ].join('\n');
  return { subject: copy.subject, text, html, link };
}

const layout = (copy: Copy, link: string): RenderedMail => renderMail({ ...copy, link, linkBelow: true });

const hours = (seconds: number) => Math.max(1, Math.round(seconds / 3600));

function validity(language: Language, seconds: number): string {
  const h = hours(seconds);
  if (h % 24 === 0) {
    const d = h / 24;
    return language === 'pl' ? `${d} ${d === 1 ? 'dzień' : 'dni'}` : `${d} ${d === 1 ? 'day' : 'days'}`;
  }
  if (language === 'en') return `${h} ${h === 1 ? 'hour' : 'hours'}`;
  return `${h} ${h === 1 ? 'godzinę' : h % 10 >= 2 && h % 10 <= 4 && (h % 100 < 10 || h % 100 >= 20) ? 'godziny' : 'godzin'}`;
}

export interface TokenMailInput {
  kind: TokenMailKind;
  language: Language;
  publicUrl: string;
  token: string;
  firstName: string;
  /** Token lifetime in seconds, told to the reader. */
  ttlSeconds: number;
  /** e-mail change: the address being confirmed. */
  newEmail?: string;
}

export function renderTokenMail(input: TokenMailInput): RenderedMail {
  const { kind, language: lang, firstName } = input;
  const link = spaLink(input.publicUrl, kind, lang, input.token);
  const valid = validity(lang, input.ttlSeconds);
  const greeting = lang === 'pl' ? `Dzień dobry${firstName ? ` ${firstName}` : ''},` : `Hello${firstName ? ` ${firstName}` : ''},`;
  const footer =
    lang === 'pl'
      ? `Ta wiadomość została wysłana automatycznie przez ${BRAND}. Jeśli to nie Ty, zignoruj ją.`
      : `This message was sent automatically by ${BRAND}. If this was not you, ignore it.`;

  const copies: Record<TokenMailKind, Record<Language, Omit<Copy, 'greeting' | 'footer'>>> = {
    activation: {
      pl: {
        subject: `Aktywuj konto w ${BRAND}`,
        lines: ['Dziękujemy za rejestrację. Aby aktywować konto, kliknij poniższy link.', `Link jest ważny ${valid}.`],
        button: 'Aktywuj konto',
      },
      en: {
        subject: `Activate your ${BRAND} account`,
        lines: ['Thank you for registering. To activate your account, follow the link below.', `The link is valid for ${valid}.`],
        button: 'Activate account',
      },
    },
    reset_password: {
      pl: {
        subject: `Reset hasła w ${BRAND}`,
        lines: ['Otrzymaliśmy prośbę o zresetowanie hasła do Twojego konta. Aby ustawić nowe hasło, kliknij poniższy link.', `Link jest ważny ${valid} i działa tylko raz.`],
        button: 'Ustaw nowe hasło',
      },
      en: {
        subject: `Reset your ${BRAND} password`,
        lines: ['We received a request to reset the password of your account. To choose a new password, follow the link below.', `The link is valid for ${valid} and works once.`],
        button: 'Choose a new password',
      },
    },
    set_password: {
      pl: {
        subject: `Ustaw hasło w ${BRAND}`,
        lines: ['Twoje konto nie ma jeszcze hasła. Aby je ustawić, kliknij poniższy link.', `Link jest ważny ${valid} i działa tylko raz.`],
        button: 'Ustaw hasło',
      },
      en: {
        subject: `Set your ${BRAND} password`,
        lines: ['Your account has no password yet. To set one, follow the link below.', `The link is valid for ${valid} and works once.`],
        button: 'Set password',
      },
    },
    email_change: {
      pl: {
        subject: `Potwierdź nowy adres e-mail w ${BRAND}`,
        lines: [`Aby zmienić adres e-mail konta na ${input.newEmail ?? ''}, kliknij poniższy link.`, `Link jest ważny ${valid}. Do tego czasu logujesz się dotychczasowym adresem.`],
        button: 'Potwierdź adres e-mail',
      },
      en: {
        subject: `Confirm your new ${BRAND} e-mail address`,
        lines: [`To change the e-mail address of your account to ${input.newEmail ?? ''}, follow the link below.`, `The link is valid for ${valid}. Until then you sign in with your current address.`],
        button: 'Confirm e-mail address',
      },
    },
  };
  return layout({ ...copies[kind][lang], greeting, footer }, link);
}

const CONTACT_PATH = { pl: 'kontakt', en: 'contact-us' } as const;

export interface EmailChangedInput {
  language: Language;
  publicUrl: string;
  firstName: string;
  /** The address the account now uses (the notice goes to the OLD one). */
  newEmail: string;
}

/** Sent to the previous address once an e-mail change is confirmed, so its owner notices a takeover. */
export function renderEmailChangedNotice(input: EmailChangedInput): RenderedMail {
  const { language: lang, firstName, newEmail } = input;
  const link = `${input.publicUrl}/${lang}/${CONTACT_PATH[lang]}`;
  const copy: Record<Language, Copy> = {
    pl: {
      subject: `Adres e-mail Twojego konta w ${BRAND} został zmieniony`,
      greeting: `Dzień dobry${firstName ? ` ${firstName}` : ''},`,
      lines: [
        `Adres e-mail Twojego konta został zmieniony na ${newEmail}. Od teraz logujesz się tym adresem, a wiadomości wysyłamy na niego.`,
        'Jeśli to nie Ty, niezwłocznie skontaktuj się z nami.',
      ],
      button: 'Skontaktuj się z nami',
      footer: `Ta wiadomość została wysłana automatycznie przez ${BRAND} na poprzedni adres e-mail konta.`,
    },
    en: {
      subject: `The e-mail address of your ${BRAND} account was changed`,
      greeting: `Hello${firstName ? ` ${firstName}` : ''},`,
      lines: [
        `The e-mail address of your account was changed to ${newEmail}. From now on you sign in with that address and we write to it.`,
        'If this was not you, contact us right away.',
      ],
      button: 'Contact us',
      footer: `This message was sent automatically by ${BRAND} to the previous e-mail address of the account.`,
    },
  };
  return layout(copy[lang], link);
}

export interface ContactMailInput {
  language: Language;
  publicUrl: string;
  fullName: string;
  email: string;
  phoneNumber: string;
  message: string;
  receivedAt: Date;
}

export function renderContactNotification(input: ContactMailInput): RenderedMail {
  const pl = input.language === 'pl';
  const subject = pl ? `Nowa wiadomość z formularza kontaktowego: ${input.fullName}` : `New contact form message: ${input.fullName}`;
  const fields: [string, string][] = [
    [pl ? 'Imię i nazwisko' : 'Full name', input.fullName],
    ['E-mail', input.email],
    [pl ? 'Telefon' : 'Phone', input.phoneNumber || '-'],
    [pl ? 'Otrzymano' : 'Received', input.receivedAt.toISOString()],
  ];
  const heading = pl ? 'Wiadomość' : 'Message';
  const text = [...fields.map(([k, v]) => `${k}: ${v}`), '', `${heading}:`, input.message, ''].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:Lato,Arial,sans-serif;color:#3b2f2a">
<h1 style="font-size:18px;color:#2e6b3a">${escapeHtml(subject)}</h1>
<table>${fields.map(([k, v]) => `<tr><th align="left" style="padding-right:12px">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<h2 style="font-size:16px">${escapeHtml(heading)}</h2>
<p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>
</body></html>
`;
  return { subject, text, html };
}

export type { MailKind };
