import { t } from './helpers';
import type { Text } from '../../schema-content';

// Eight FAQ items; three are featured (GET /faq/featured, the homepage's FAQ section).
export const faqSeed: { key: string; question: Text; answer: Text; featured: boolean }[] = [
  {
    key: 'what-is-a-share',
    featured: true,
    question: t('Czym jest udział?', 'What is a share?'),
    answer: t(
      '<p>Udział to część spółki celowej, która jest właścicielem nieruchomości. Kupując udziały, zarabiasz proporcjonalnie do ich liczby.</p>',
      '<p>A share is a part of the special-purpose company that owns the property. Buying shares, you earn in proportion to how many you hold.</p>',
    ),
  },
  {
    key: 'minimum-amount',
    featured: true,
    question: t('Od jakiej kwoty mogę zacząć?', 'What is the minimum amount?'),
    answer: t(
      '<p>Od jednego udziału. Cena udziału zależy od oferty i serii, zwykle od 250 do 2000 zł.</p>',
      '<p>One share. The price per share depends on the offer and series, usually from 250 to 2,000 PLN.</p>',
    ),
  },
  {
    key: 'sponsor-share',
    featured: true,
    question: t('Ile udziałów zachowuje sponsor?', 'How much does the sponsor keep?'),
    answer: t(
      '<p>Sponsor zawsze zachowuje <strong>co najmniej 25%</strong> udziałów w projekcie.</p>',
      '<p>The sponsor always keeps <strong>at least 25%</strong> ownership of the project.</p>',
    ),
  },
  {
    key: 'payment-methods',
    featured: false,
    question: t('Jak mogę zapłacić?', 'How can I pay?'),
    answer: t('<p>Przelewem bankowym lub przez PayPal. Wszystkie kwoty są w złotych.</p>', '<p>By bank transfer or with PayPal. All amounts are in Polish złoty.</p>'),
  },
  {
    key: 'payouts',
    featured: false,
    question: t('Kiedy otrzymam wypłatę?', 'When do I get paid?'),
    answer: t('<p>Zwykle co kwartał, po rozliczeniu najmu lub sprzedaży lokali.</p>', '<p>Usually every quarter, after rent or unit sales are settled.</p>'),
  },
  {
    key: 'documents',
    featured: false,
    question: t('Gdzie znajdę dokumenty inwestycji?', 'Where are the investment documents?'),
    answer: t(
      '<p>Dokumenty ogólne są na stronie oferty. Umowy i raporty dla inwestorów widzisz po zalogowaniu.</p>',
      '<p>General documents are on the offer page. Agreements and investor reports are visible once you sign in.</p>',
    ),
  },
  {
    key: 'sell-shares',
    featured: false,
    question: t('Czy mogę sprzedać udziały przed końcem projektu?', 'Can I sell my shares before the project ends?'),
    answer: t('<p>Tak, na rynku wtórnym platformy, gdy znajdzie się kupujący.</p>', '<p>Yes, on the platform’s secondary market, once a buyer is found.</p>'),
  },
  {
    key: 'risks',
    featured: false,
    question: t('Jakie są ryzyka?', 'What are the risks?'),
    answer: t(
      '<p>Opóźnienia budowy, zmiany cen i stóp procentowych. Każda oferta opisuje swoje ryzyka w dokumentach.</p>',
      '<p>Construction delays, price and interest-rate changes. Every offer describes its risks in its documents.</p>',
    ),
  },
  {
    key: 'taxes',
    featured: false,
    question: t('Jak rozliczyć podatek?', 'How are taxes handled?'),
    answer: t('<p>Co roku wysyłamy zestawienie przychodów do rozliczenia PIT.</p>', '<p>Every year we send a statement of income for your tax return.</p>'),
  },
];
