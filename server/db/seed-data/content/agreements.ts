import { t } from './helpers';
import type { AgreementContext, Text } from '../../schema-content';

// Agreements by context. Registration ones serve the accounts issue (GET /agreement?context=registration).
export const agreementSeed: { key: string; context: AgreementContext; content: Text; required: boolean }[] = [
  {
    key: 'contact-privacy',
    context: 'contact',
    required: true,
    content: t(
      'Wyrażam zgodę na przetwarzanie moich danych w celu odpowiedzi na wiadomość. <a href="/pl/polityka-prywatnosci">Polityka prywatności</a>',
      'I agree to the processing of my data to answer my message. <a href="/en/privacy-policy">Privacy policy</a>',
    ),
  },
  {
    key: 'contact-marketing',
    context: 'contact',
    required: false,
    content: t('Chcę otrzymywać informacje o nowych ofertach.', 'I want to hear about new offers.'),
  },
  {
    key: 'registration-terms',
    context: 'registration',
    required: true,
    content: t(
      'Akceptuję <a href="/pl/regulamin">regulamin</a> platformy.',
      'I accept the platform’s <a href="/en/terms-of-use">terms of use</a>.',
    ),
  },
  {
    key: 'registration-privacy',
    context: 'registration',
    required: true,
    content: t(
      'Zapoznałem się z <a href="/pl/polityka-prywatnosci">polityką prywatności</a>.',
      'I have read the <a href="/en/privacy-policy">privacy policy</a>.',
    ),
  },
  {
    key: 'registration-marketing',
    context: 'registration',
    required: false,
    content: t('Chcę otrzymywać newsletter.', 'I want to receive the newsletter.'),
  },
  {
    key: 'investment-documents',
    context: 'investment',
    required: true,
    content: t('Zapoznałem się z dokumentami oferty.', 'I have read the offer documents.'),
  },
  {
    key: 'investment-risk',
    context: 'investment',
    required: true,
    content: t('Rozumiem ryzyko inwestycji w nieruchomości.', 'I understand the risk of investing in real estate.'),
  },
];
