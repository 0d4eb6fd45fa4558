import type { Translated } from '../schema';

// The /static-content tree (docs/api.md "Content"). Keys are stable; position follows the order written here.
// A node's `content` is plain text or HTML in each language; numbers, phone numbers and route names are
// given once (`t('...')` with one argument) and stored identically in both languages.
// Button URLs are SPA route names (offers, aboutUs, contact, faq, register) or absolute http(s) URLs.

export interface SeedNode {
  content?: Translated;
  imageUrl?: string;
  alt?: Translated;
  children?: Record<string, SeedNode>;
}

const t = (pl: string, en: string = pl): SeedNode => ({ content: { pl, en } });
const image = (imageUrl: string, altPl: string, altEn: string): SeedNode => ({
  imageUrl,
  alt: { pl: altPl, en: altEn },
});
const group = (children: Record<string, SeedNode>, content?: Translated): SeedNode => ({ content, children });

export const staticContentSeed: Record<string, SeedNode> = {
  seo: group({
    title: t('Estate Shares – inwestuj w nieruchomości od 1 udziału', 'Estate Shares – invest in real estate from a single share'),
    description: t(
      'Kupuj udziały w projektach mieszkaniowych w Polsce. Sponsor zawsze zachowuje co najmniej 25% udziałów.',
      'Buy shares in residential projects in Poland. The sponsor always keeps at least 25% ownership.',
    ),
  }),

  homepage: group({
    intro: group({
      offerSlug: t('zielone-tarasy', 'green-terraces'),
      title: t('Inwestuj w nieruchomości razem z doświadczonym sponsorem', 'Invest in real estate alongside an experienced sponsor'),
      description: t(
        '<p>Estate Shares dzieli projekty mieszkaniowe na udziały, dzięki czemu możesz zacząć od kwoty, która Ci odpowiada. Wszystkie płatności rozliczamy w złotych.</p>',
        '<p>Estate Shares splits residential projects into shares, so you can start with an amount that suits you. Every payment is settled in Polish złoty.</p>',
      ),
      image: image('/media/intro-offer.svg', 'Osiedle Zielone Tarasy', 'Green Terraces estate'),
      offerTitle: t('Zielone Tarasy, Warszawa Wilanów', 'Green Terraces, Warsaw Wilanów'),
      offerDescription: t(
        '48 energooszczędnych mieszkań z ogrodami na dachu, oddanie w 2027 roku.',
        '48 energy-efficient apartments with rooftop gardens, completion in 2027.',
      ),
      buttonText: t('Sprawdź dostępne mieszkania', 'Check available homes'),
      buttonUrl: t('offers'),
    }),
    tiles: group({
      title: t('Dlaczego Estate Shares', 'Why Estate Shares'),
      tile1: group({
        title: t('Od jednego udziału', 'From a single share'),
        text: t('Zaczynasz od jednego udziału i dokupujesz kolejne, kiedy chcesz.', 'Start with one share and add more whenever you like.'),
        image: image('/media/tile-shares.svg', 'Ikona udziałów', 'Shares icon'),
      }),
      tile2: group({
        title: t('Sponsor ma co najmniej 25%', 'The sponsor holds at least 25%'),
        text: t(
          'Sponsor zawsze zachowuje co najmniej 25% udziałów w projekcie, więc zarabia i traci razem z Tobą.',
          'The sponsor always keeps at least 25% ownership of the project, so it wins and loses together with you.',
        ),
        image: image('/media/tile-sponsor.svg', 'Ikona sponsora', 'Sponsor icon'),
      }),
      tile3: group({
        title: t('Bezpieczne rozliczenia', 'Secure settlement'),
        text: t('Wpłaty przyjmujemy przelewem bankowym lub przez PayPal, na rachunek powierniczy.', 'Payments by bank transfer or PayPal go to an escrow account.'),
        image: image('/media/tile-secure.svg', 'Ikona bezpieczeństwa', 'Security icon'),
      }),
      tile4: group({
        title: t('Regularne raporty', 'Regular reports'),
        text: t('Co kwartał dostajesz raport z postępu budowy i finansów projektu.', 'Every quarter you get a report on construction progress and project finances.'),
        image: image('/media/tile-payout.svg', 'Ikona wypłat', 'Payout icon'),
      }),
    }),
    card: group({
      title: t('Widzisz, w co inwestujesz', 'See what you invest in'),
      text: t(
        '<p>Każda oferta ma harmonogram, budżet, dokumenty i zdjęcia z placu budowy. Niczego nie ukrywamy.</p>',
        '<p>Every offer comes with a timeline, budget, documents and photos from the construction site. Nothing is hidden.</p>',
      ),
      image: image('/media/card-building.svg', 'Budynek w budowie', 'Building under construction'),
      imageCaption: t('Plac budowy Zielonych Tarasów, marzec', 'Green Terraces construction site, March'),
      buttonText: t('Poznaj nas', 'Get to know us'),
      buttonUrl: t('aboutUs'),
    }),
    listCard: group({
      title: t('Jak zacząć', 'How to start'),
      intro: t('Cztery kroki dzielą Cię od pierwszej inwestycji:', 'Four steps stand between you and your first investment:'),
      text: t(
        '<ol><li>Załóż konto i potwierdź adres e-mail.</li><li>Wybierz projekt i serię udziałów.</li><li>Przeczytaj i zaakceptuj dokumenty.</li><li>Zapłać przelewem lub przez PayPal.</li></ol>',
        '<ol><li>Create an account and confirm your e-mail.</li><li>Pick a project and a series of shares.</li><li>Read and accept the documents.</li><li>Pay by bank transfer or PayPal.</li></ol>',
      ),
      image: image('/media/list-card.svg', 'Gotowe domy', 'Finished homes'),
      buttonText: t('Załóż konto', 'Create an account'),
      buttonUrl: t('register'),
    }),
    sponsorBand: group({
      name: t('Grupa Budowlana Wisła', 'Wisła Construction Group'),
      title: t('Sponsor, który inwestuje razem z Tobą', 'A sponsor who invests alongside you'),
      text: t(
        '<p>Od 2009 roku zbudowaliśmy ponad 1 200 mieszkań. W każdym projekcie na platformie zachowujemy co najmniej 25% udziałów – nasz zysk zależy od tego samego wyniku co Twój.</p>',
        '<p>Since 2009 we have built more than 1,200 homes. In every project on the platform we keep at least 25% ownership – our profit depends on the same result as yours.</p>',
      ),
      image1: image('/media/sponsor-1.svg', 'Osiedle Nad Wisłą', 'Riverside estate'),
      image2: image('/media/sponsor-2.svg', 'Kamienica na Pradze', 'Praga tenement'),
      image3: image('/media/sponsor-3.svg', 'Domy w Konstancinie', 'Houses in Konstancin'),
    }),
  }),

  featuredOffers: group({
    title: t('Polecane inwestycje', 'Featured investments'),
    description: t('Projekty, w które możesz zainwestować już dziś.', 'Projects you can invest in today.'),
    buttonText: t('Zobacz wszystkie inwestycje', 'See all investments'),
    buttonUrl: t('offers'),
  }),

  faq: group({
    title: t('Najczęściej zadawane pytania', 'Frequently asked questions'),
    subtitle: t('Nie znalazłeś odpowiedzi? Napisz do nas.', 'Did not find your answer? Write to us.'),
    buttonText: t('Skontaktuj się z nami', 'Contact us'),
    buttonUrl: t('contact'),
  }),

  about: group({
    title: t('O nas', 'About us'),
    about: group({
      title: t('Estate Shares', 'Estate Shares'),
      text: t(
        '<p>Jesteśmy zespołem inwestorów i inżynierów z Warszawy. Chcemy, żeby inwestowanie w nieruchomości było dostępne dla każdego, a nie tylko dla dużych funduszy.</p>',
        '<p>We are a team of investors and engineers from Warsaw. We want real-estate investing to be open to everyone, not only to large funds.</p>',
      ),
      image: image('/media/about-logo.svg', 'Logo Estate Shares', 'Estate Shares logo'),
    }),
    projects: group({
      project1: group({
        title: t('Zielone Tarasy', 'Green Terraces'),
        text: t('48 mieszkań w Wilanowie, budowa w toku.', '48 apartments in Wilanów, under construction.'),
        image: image('/media/project-1.svg', 'Zielone Tarasy', 'Green Terraces'),
      }),
      project2: group({
        title: t('Dom nad Wisłą', 'House on the Vistula'),
        text: t('Odrestaurowana kamienica z 1910 roku, projekt zakończony w 2024.', 'A restored 1910 tenement, completed in 2024.'),
        image: image('/media/project-2.svg', 'Dom nad Wisłą', 'House on the Vistula'),
      }),
    }),
    footer: group({
      title: t('Gotowy na pierwszą inwestycję?', 'Ready for your first investment?'),
      subtitle: t('Załóż konto w kilka minut.', 'Create an account in a few minutes.'),
      buttonText: t('Zobacz inwestycje', 'See investments'),
      buttonUrl: t('offers'),
    }),
  }),

  contact: group({
    title: t('Kontakt', 'Contact'),
    image: image('/media/contact-office.svg', 'Nasze biuro', 'Our office'),
    companyName: t('Estate Shares sp. z o.o.'),
    companyDescription: t(
      '<p>ul. Marszałkowska 100, 00-026 Warszawa<br>NIP 525-000-00-00, KRS 0000000000</p>',
      '<p>ul. Marszałkowska 100, 00-026 Warsaw, Poland<br>Tax ID (NIP) 525-000-00-00, KRS 0000000000</p>',
    ),
    map: group({
      latitude: t('52.2297'),
      longitude: t('21.0122'),
      text: t('Estate Shares, ul. Marszałkowska 100, Warszawa', 'Estate Shares, ul. Marszałkowska 100, Warsaw'),
      zoom: t('15'),
    }),
  }),

  cookiePopup: group({
    title: t('Używamy plików cookie', 'We use cookies'),
    description: t(
      '<p>Pliki cookie pomagają nam zapamiętać Twoje ustawienia i ulepszać serwis. Więcej w <a href="/pl/polityka-prywatnosci">polityce prywatności</a>.</p>',
      '<p>Cookies help us remember your settings and improve the site. Read more in our <a href="/en/privacy-policy">privacy policy</a>.</p>',
    ),
  }),

  footer: group({
    allRightsReserved: t('© Estate Shares. Wszelkie prawa zastrzeżone.', '© Estate Shares. All rights reserved.'),
    email: t('kontakt@estateshares.example'),
    clause: t(
      'Inwestowanie w nieruchomości wiąże się z ryzykiem utraty części lub całości kapitału. Wyniki historyczne nie gwarantują przyszłych zysków.',
      'Investing in real estate carries the risk of losing part or all of your capital. Past results do not guarantee future returns.',
    ),
  }),

  contactMenu: group({
    phone: t('+48 22 123 45 67'),
  }),

  integrations: group({
    mapsKey: t(''),
    analyticsId: t(''),
  }),
};
