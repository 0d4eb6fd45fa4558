import { doc, t } from './helpers';
import type { Text } from '../../schema-content';

// Static pages. The terms and privacy slugs match the SPA's routes: pl regulamin / polityka-prywatnosci,
// en terms-of-use / privacy-policy.
export interface PageSeed {
  key: string;
  slug: Text;
  title: Text;
  subTitle: Text;
  content: Text;
  seoTitle: Text;
  seoDescription: Text;
  imageUrl: string | null;
  attachments: { displayName: Text; url: string }[];
}

export const pageSeed: PageSeed[] = [
  {
    key: 'terms-of-use',
    slug: t('regulamin', 'terms-of-use'),
    title: t('Regulamin', 'Terms of use'),
    subTitle: t('Zasady korzystania z platformy Estate Shares', 'Rules for using the Estate Shares platform'),
    content: t(
      '<h2>1. Postanowienia ogólne</h2><p>Platforma umożliwia zakup udziałów w projektach nieruchomościowych.</p><h2>2. Konto</h2><p>Konto może założyć osoba pełnoletnia.</p><h2>3. Płatności</h2><p>Płatności są rozliczane w złotych.</p>',
      '<h2>1. General</h2><p>The platform lets you buy shares in real-estate projects.</p><h2>2. Account</h2><p>Any adult may open an account.</p><h2>3. Payments</h2><p>Payments are settled in Polish złoty.</p>',
    ),
    seoTitle: t('Regulamin', 'Terms of use'),
    seoDescription: t('Regulamin platformy Estate Shares.', 'Terms of use of the Estate Shares platform.'),
    imageUrl: null,
    attachments: [{ displayName: t('Regulamin (PDF)', 'Terms of use (PDF)'), url: doc('terms-of-use.pdf') }],
  },
  {
    key: 'privacy-policy',
    slug: t('polityka-prywatnosci', 'privacy-policy'),
    title: t('Polityka prywatności', 'Privacy policy'),
    subTitle: t('Jak przetwarzamy Twoje dane', 'How we process your data'),
    content: t(
      '<p>Administratorem danych jest Estate Shares sp. z o.o.</p><p>Dane przetwarzamy w celu prowadzenia konta i realizacji inwestycji.</p>',
      '<p>The data controller is Estate Shares sp. z o.o.</p><p>We process data to run your account and your investments.</p>',
    ),
    seoTitle: t('Polityka prywatności', 'Privacy policy'),
    seoDescription: t('Polityka prywatności Estate Shares.', 'Estate Shares privacy policy.'),
    imageUrl: null,
    attachments: [{ displayName: t('Polityka prywatności (PDF)', 'Privacy policy (PDF)'), url: doc('privacy-policy.pdf') }],
  },
  {
    key: 'how-it-works',
    slug: t('jak-to-dziala', 'how-it-works'),
    title: t('Jak to działa', 'How it works'),
    subTitle: t('Inwestowanie w czterech krokach', 'Investing in four steps'),
    content: t(
      '<ol><li>Załóż konto.</li><li>Wybierz ofertę.</li><li>Zapłać przelewem lub PayPal.</li><li>Śledź postęp i wypłaty.</li></ol>',
      '<ol><li>Open an account.</li><li>Choose an offer.</li><li>Pay by bank transfer or PayPal.</li><li>Follow progress and payouts.</li></ol>',
    ),
    seoTitle: t('Jak inwestować w nieruchomości', 'How to invest in real estate'),
    seoDescription: t('Cztery kroki do pierwszego udziału.', 'Four steps to your first share.'),
    imageUrl: '/media/pages/about-platform.svg',
    attachments: [
      { displayName: t('Przewodnik inwestora', 'Investor guide'), url: doc('investor-guide.pdf') },
      { displayName: t('Tabela opłat', 'Fee table'), url: doc('fee-table.pdf') },
      { displayName: t('Wzór umowy inwestora', 'Investor agreement template'), url: doc('investor-agreement.pdf') },
    ],
  },
];
