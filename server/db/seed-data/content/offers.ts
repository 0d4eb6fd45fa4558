import { doc, img, pln, section, t, type OfferSeed, type SectionSeed } from './helpers';

// Eleven demo offers (nine published; unpublished: one with a preview token, one closed not funded) that
// together use every field and every section type of docs/api.md "Public site". Newest first on the list: zielone-tarasy.
// Galleries across offers have 5, 3, 1, 2, 4 and 6 photos; the fullWidthGallery offers are lakeside,
// lodz-lofts and poznan.

export const PREVIEW_TOKEN = 'preview-zakopane-4f9c2b7e1d8a';

const GREEN = '#2e6b3a';
const BROWN = '#5a3d2b';
const LIGHT_GREEN = '#a8c686';
const SAND = '#c9a27e';

const badge = {
  new: { text: t('Nowość', 'New'), colorText: '#ffffff', colorBackground: GREEN },
  eco: { text: t('Eko', 'Eco'), colorText: '#1f4a2a', colorBackground: LIGHT_GREEN },
  rental: { text: t('Dochód z najmu', 'Rental income'), colorText: '#ffffff', colorBackground: BROWN },
  funded: { text: t('Sfinansowana', 'Funded'), colorText: '#3b2a1e', colorBackground: SAND },
  last: { text: t('Ostatnie udziały', 'Last shares'), colorText: '#ffffff', colorBackground: '#8a6243' },
};

const photo = (name: string, titlePl: string, titleEn: string, descPl = '', descEn = descPl) => ({
  title: t(titlePl, titleEn),
  description: t(descPl, descEn),
  imageUrl: img(name),
  thumbUrl: img(name),
});

const unlock = section('unlockDetails', t('Szczegóły dla inwestorów', 'Details for investors'), {
  unlockDetailsSectionDescription: t(
    '<p>Budżet, harmonogram płatności i raporty kwartalne widzą zalogowani inwestorzy.</p>',
    '<p>The budget, payment schedule and quarterly reports are visible to signed-in investors.</p>',
  ),
  unlockDetailsSectionButtonText: t('Zaloguj się', 'Sign in'),
  unlockDetailsSectionButtonLink: t('login'),
});

const standardProperties = (area: string, units: string, completion: string, yieldPct: string) => [
  { label: t('Powierzchnia użytkowa', 'Usable area'), value: t(`${area} m²`) },
  { label: t('Liczba lokali', 'Units'), value: t(units) },
  { label: t('Planowane zakończenie', 'Planned completion'), value: t(completion) },
  { label: t('Prognozowany zwrot roczny', 'Projected annual return'), value: t(`${yieldPct}%`) },
];

const standardDescriptions = (placePl: string, placeEn: string) => [
  {
    title: t('O projekcie', 'About the project'),
    content: t(
      `<p>Projekt powstaje w miejscowości ${placePl}. Sponsor zachowuje co najmniej 25% udziałów przez cały czas trwania inwestycji.</p>`,
      `<p>The project is being built in ${placeEn}. The sponsor keeps at least 25% of the shares for the whole investment.</p>`,
    ),
  },
  {
    title: t('Jak zarabiasz', 'How you earn'),
    content: t(
      '<p>Zysk pochodzi ze sprzedaży lub wynajmu lokali. Wypłaty trafiają na Twoje konto bankowe w złotych.</p><ul><li>wypłaty kwartalne</li><li>raport co kwartał</li></ul>',
      '<p>Profit comes from selling or renting the units. Payouts go to your bank account in Polish złoty.</p><ul><li>quarterly payouts</li><li>a report every quarter</li></ul>',
    ),
  },
  {
    title: t('Ryzyka', 'Risks'),
    content: t(
      '<p>Inwestycja w nieruchomości wiąże się z ryzykiem opóźnień i zmian cen. Zapoznaj się z dokumentami przed zakupem.</p>',
      '<p>Real-estate investment carries the risk of delays and price changes. Read the documents before you buy.</p>',
    ),
  },
];

const table = (rows: number): SectionSeed =>
  section('table', t('Lokale i ceny', 'Units and prices'), {
    columns: [
      { position: 1, name: t('Lokal', 'Unit') },
      { position: 2, name: t('Powierzchnia', 'Area') },
      { position: 3, name: t('Pokoje', 'Rooms') },
      { position: 4, name: t('Status', 'Status') },
    ],
    rows: Array.from({ length: rows }, (_, i) => {
      const sold = i % 3 === 0;
      return {
        backgroundColor: sold ? '#e3ecd9' : '#ffffff',
        textColor: sold ? '#1f4a2a' : '#3b2a1e',
        cells: {
          '1': t(`<strong>M${i + 1}</strong>`),
          '2': t(`${(38 + i * 6.5).toFixed(1)} m²`),
          '3': t(String(1 + (i % 4))),
          '4': sold ? t('Sprzedany', 'Sold') : t('<em>Dostępny</em>', '<em>Available</em>'),
        },
      };
    }),
  });

const timeline = (currentIndex: number, count: number): SectionSeed => {
  const steps = [
    ['Zakup działki', 'Land purchase', 'Akt notarialny podpisany.', 'Deed signed.'],
    ['Pozwolenie na budowę', 'Building permit', 'Decyzja ostateczna.', 'Final decision issued.'],
    ['Fundamenty', 'Foundations', 'Prace ziemne i fundamenty zakończone.', 'Earthworks and foundations done.'],
    ['Stan surowy', 'Shell completed', 'Konstrukcja i dach.', 'Structure and roof.'],
    ['Instalacje', 'Installations', '', ''],
    ['Wykończenie', 'Finishing', 'Elewacja, zieleń, wnętrza części wspólnych.', 'Facade, greenery and common areas.'],
    ['Odbiór', 'Handover', 'Pozwolenie na użytkowanie i przekazanie kluczy.', 'Occupancy permit and handover of keys.'],
  ];
  return section(
    'timeline',
    t('Harmonogram', 'Timeline'),
    {
      elements: steps.slice(0, count).map(([pl, en, cPl, cEn], i) => ({
        date: `${2024 + Math.floor(i / 2)}-${i % 2 === 0 ? '03' : '09'}-01`,
        label: t(pl, en),
        content: t(cPl ? `<p>${cPl}</p>` : '', cEn ? `<p>${cEn}</p>` : ''),
        thumbUrl: i % 3 === 0 ? img(`site-${(i % 3) + 1}`) : null,
        imageUrl: i % 3 === 0 ? img(`site-${(i % 3) + 1}`) : null,
        current: i === currentIndex,
      })),
    },
    [12, 12, 12],
  );
};

const map = (lat: number, lng: number, addressPl: string, addressEn: string, grid: [number, number, number] = [12, 12, 12]) =>
  section('map', t('Lokalizacja', 'Location'), { zoom: 14, latitude: lat, longitude: lng, address: t(addressPl, addressEn) }, grid);

const counters = (items: [number, number, string, string, string, string][]): SectionSeed =>
  section(
    'counter',
    t('W liczbach', 'In numbers'),
    {
      animationDuration: 2,
      elements: items.map(([from, to, lPl, lEn, sPl, sEn], i) => ({
        countFrom: from,
        countTo: to,
        label: t(lPl, lEn),
        subLabel: t(sPl, sEn),
        color: [GREEN, BROWN, '#4f8a3c', '#8a6243'][i % 4],
      })),
    },
    [12, 12, 12],
  );

const chart = (type: 'pieChart' | 'doughnut' | 'barChart', titlePl: string, titleEn: string, items: [string, string, number][]): SectionSeed =>
  section(
    type,
    t(titlePl, titleEn),
    { elements: items.map(([pl, en, value], i) => ({ label: t(pl, en), value, color: [GREEN, BROWN, LIGHT_GREEN, SAND, '#4f8a3c'][i % 5] })) },
    [12, 6, 6],
  );

const budget = (type: 'pieChart' | 'doughnut' | 'barChart') =>
  chart(type, 'Struktura budżetu', 'Budget structure', [
    ['Grunt', 'Land', 32],
    ['Budowa', 'Construction', 55],
    ['Projekt i pozwolenia', 'Design and permits', 6],
    ['Rezerwa', 'Reserve', 7],
  ]);

const text = (titlePl: string, titleEn: string, pl: string, en: string, grid: [number, number, number] = [12, 12, 12]) =>
  section('text', t(titlePl, titleEn), { content: t(pl, en) }, grid);

const series = (price: number, total: number, open = true, min = 1) => [
  { name: t('Seria A', 'Series A'), pricePerShare: pln(price), minStocks: min, totalShares: total, isOpen: open },
];
/** An offer whose funding is completed: every share of its series sold (so it shows 100 % raised, status funded). */
const soldOut = (rows: ReturnType<typeof series>) => rows.map((row) => ({ ...row, soldShares: row.totalShares }));

export const offerSeed: OfferSeed[] = [
  {
    key: 'zielone-tarasy',
    slug: t('zielone-tarasy', 'green-terraces'),
    title: t('Zielone Tarasy, Warszawa Wilanów', 'Green Terraces, Warsaw Wilanów'),
    seoTitle: t('Zielone Tarasy – udziały w osiedlu w Wilanowie', 'Green Terraces – shares in a Wilanów estate'),
    seoDescription: t(
      'Kup udziały w 48 energooszczędnych mieszkaniach z ogrodami na dachu. Od jednego udziału.',
      'Buy shares in 48 energy-efficient apartments with rooftop gardens. From a single share.',
    ),
    mainDescription: t(
      '<p>48 energooszczędnych mieszkań z ogrodami na dachu, oddanie w 2027 roku.</p>',
      '<p>48 energy-efficient apartments with rooftop gardens, completion in 2027.</p>',
    ),
    projectType: t('Osiedle mieszkaniowe', 'Residential estate'),
    address: t('ul. Sarmacka 12, 02-972 Warszawa', '12 Sarmacka St, 02-972 Warsaw'),
    thumbUrl: img('zielone-tarasy'),
    imageUrl: img('zielone-tarasy'),
    isOpen: true,
    published: true,
    investmentStart: '2025-09-01T00:00:00.000Z',
    investmentEnd: '2028-12-31T00:00:00.000Z',
    createdAt: '2025-10-01T10:00:00.000Z',
    totalCost: pln(55_000_000),
    developerEquity: pln(15_000_000),
    templateName: 'default',
    badges: [badge.new, badge.eco],
    properties: standardProperties('3 420', '48', '2027', '8.5'),
    descriptions: standardDescriptions('Warszawa', 'Warsaw'),
    sections: [
      text(
        'Dlaczego Wilanów',
        'Why Wilanów',
        '<p>Wilanów to jedna z najszybciej rosnących dzielnic Warszawy: szkoły, parki i nowa linia tramwajowa.</p>',
        '<p>Wilanów is one of the fastest-growing districts of Warsaw: schools, parks and a new tram line.</p>',
        [12, 6, 6],
      ),
      section(
        'image',
        t('Ogrody na dachu', 'Rooftop gardens'),
        { description: t('Wizualizacja tarasu na 5. piętrze.', 'Visualisation of the 5th-floor terrace.'), imageUrl: img('interior-1'), thumbUrl: img('interior-1') },
        [12, 6, 6],
      ),
      section('gallery', t('Galeria', 'Gallery'), {
        elements: [
          photo('zielone-tarasy', 'Widok od ulicy', 'Street view'),
          photo('interior-1', 'Salon', 'Living room', 'Mieszkanie 3-pokojowe', 'Three-room apartment'),
          photo('interior-2', 'Pokój dzienny', 'Day room'),
          photo('plan-1', 'Rzut mieszkania M3', 'Floor plan of M3'),
          photo('site-1', 'Plac budowy', 'Construction site', 'Stan na marzec 2026', 'As of March 2026'),
        ],
      }),
      map(52.1652, 21.0895, 'ul. Sarmacka 12, Warszawa', '12 Sarmacka St, Warsaw', [12, 12, 12]),
      timeline(3, 7),
      counters([
        [0, 48, 'mieszkań', 'apartments', 'od 38 do 96 m²', 'from 38 to 96 m²'],
        [0, 1200, 'm² ogrodów', 'm² of gardens', 'na dachach', 'on the roofs'],
        [0, 25, '% sponsora', '% sponsor', 'co najmniej', 'at least'],
      ]),
      budget('pieChart'),
      section('video', t('Postęp budowy', 'Construction progress'), { url: '/media/video/construction.mp4', autoPlay: true }, [12, 12, 6]),
      section('documents', t('Dokumenty', 'Documents'), { documentKeys: ['prospectus', 'budget'] }, [12, 12, 6]),
      unlock,
    ],
    series: [
      { name: t('Seria A', 'Series A'), pricePerShare: pln(500), minStocks: 1, totalShares: 40_000, isOpen: true },
      // the two series together sell the investors' equity, 55 M − 15 M = 40 M zł (contract/funding.ts)
      { name: t('Seria B', 'Series B'), pricePerShare: pln(625), minStocks: 5, totalShares: 32_000, isOpen: false },
    ],
    documents: [
      { key: 'prospectus', kind: 'general', displayName: t('Memorandum informacyjne', 'Information memorandum'), url: doc('prospectus-zielone-tarasy.pdf') },
      { key: 'budget', kind: 'general', displayName: t('Budżet projektu', 'Project budget'), url: doc('budget-zielone-tarasy.pdf') },
      { key: 'agreement', kind: 'investor', displayName: t('Umowa inwestora', 'Investor agreement'), url: doc('investor-agreement.pdf') },
      { key: 'report-q1', kind: 'investor', displayName: t('Raport kwartalny Q1', 'Quarterly report Q1'), url: doc('quarterly-report-q1.pdf') },
    ],
    agreements: [
      {
        key: 'offer-zielone-tarasy-risk',
        content: t(
          'Rozumiem, że termin oddania osiedla Zielone Tarasy może się przesunąć.',
          'I understand that the Green Terraces completion date may move.',
        ),
        required: true,
      },
    ],
  },
  {
    key: 'dom-nad-jeziorem',
    slug: t('dom-nad-jeziorem', 'lakeside-house'),
    title: t('Dom nad jeziorem, Giżycko', 'Lakeside house, Giżycko'),
    mainDescription: t(
      '<p>Sześć apartamentów wakacyjnych nad Niegocinem z przychodem z najmu krótkoterminowego.</p>',
      '<p>Six holiday apartments on Lake Niegocin earning short-term rental income.</p>',
    ),
    projectType: t('Apartamenty wakacyjne', 'Holiday apartments'),
    address: t('ul. Plażowa 4, 11-500 Giżycko', '4 Plażowa St, 11-500 Giżycko'),
    thumbUrl: img('dom-nad-jeziorem'),
    imageUrl: img('dom-nad-jeziorem'),
    isOpen: true,
    published: true,
    investmentStart: '2025-06-01T00:00:00.000Z',
    investmentEnd: '2028-06-30T00:00:00.000Z',
    createdAt: '2025-09-15T10:00:00.000Z',
    totalCost: pln(8_400_000),
    developerEquity: pln(2_400_000),
    templateName: 'fullWidthGallery',
    badges: [badge.rental],
    properties: standardProperties('540', '6', '2026', '7.2'),
    descriptions: standardDescriptions('Giżycko', 'Giżycko'),
    sections: [
      section('gallery', t('Zdjęcia', 'Photos'), {
        elements: [
          photo('dom-nad-jeziorem', 'Dom od strony jeziora', 'The house from the lake'),
          photo('interior-3', 'Apartament', 'Apartment'),
          photo('interior-4', 'Sypialnia', 'Bedroom'),
        ],
      }),
      text(
        'Najem wakacyjny',
        'Holiday rental',
        '<p>Apartamentami zarządza operator najmu; obłożenie w sezonie przekracza 80%.</p>',
        '<p>A rental operator runs the apartments; occupancy in the season is above 80%.</p>',
      ),
      chart('barChart', 'Obłożenie w miesiącach', 'Occupancy by month', [
        ['Maj', 'May', 55],
        ['Czerwiec', 'June', 78],
        ['Lipiec', 'July', 96],
        ['Sierpień', 'August', 98],
        ['Wrzesień', 'September', 70],
      ]),
      chart('doughnut', 'Struktura przychodów', 'Income structure', [
        ['Sezon letni', 'Summer season', 64],
        ['Weekendy poza sezonem', 'Off-season weekends', 24],
        ['Najem długi zimą', 'Winter long stays', 12],
      ]),
      table(10),
      section('video', t('Rozmowa o projekcie (audio)', 'Talking about the project (audio)'), { url: '/media/mixcloud/estate-talk.wav', autoPlay: false }, [12, 12, 6]),
      map(54.0382, 21.7669, 'ul. Plażowa 4, Giżycko', '4 Plażowa St, Giżycko', [12, 12, 6]),
      section('documents', t('Dokumenty', 'Documents'), { documentKeys: ['prospectus', 'valuation'] }),
    ],
    series: series(250, 24_000),
    documents: [
      { key: 'prospectus', kind: 'general', displayName: t('Memorandum informacyjne', 'Information memorandum'), url: doc('prospectus-lakeside.pdf') },
      { key: 'valuation', kind: 'general', displayName: t('Operat szacunkowy', 'Valuation report'), url: doc('valuation-report.pdf') },
      { key: 'agreement', kind: 'investor', displayName: t('Umowa inwestora', 'Investor agreement'), url: doc('investor-agreement.pdf') },
    ],
  },
  {
    key: 'kamienica-krakow',
    slug: t('kamienica-krakow', 'krakow-townhouse'),
    title: t('Kamienica na Kazimierzu, Kraków', 'Kazimierz townhouse, Kraków'),
    mainDescription: t(
      '<p>Rewitalizacja zabytkowej kamienicy: 14 mieszkań na wynajem. Zbiórka zakończona.</p>',
      '<p>Restoration of a historic townhouse: 14 apartments for rent. Funding completed.</p>',
    ),
    projectType: t('Rewitalizacja', 'Restoration'),
    address: t('ul. Józefa 21, 31-056 Kraków', '21 Józefa St, 31-056 Kraków'),
    thumbUrl: img('kamienica-krakow'),
    imageUrl: img('kamienica-krakow'),
    isOpen: false,
    published: true,
    investmentStart: '2024-03-01T00:00:00.000Z',
    investmentEnd: '2024-12-31T00:00:00.000Z',
    createdAt: '2025-09-01T10:00:00.000Z',
    totalCost: pln(12_500_000),
    developerEquity: pln(3_125_000),
    templateName: 'default',
    badges: [badge.funded],
    properties: standardProperties('1 050', '14', '2025', '6.8'),
    descriptions: standardDescriptions('Kraków', 'Kraków'),
    sections: [
      section('gallery', t('Kamienica', 'The townhouse'), { elements: [photo('kamienica-krakow', 'Fasada po renowacji', 'Restored facade')] }, [12, 12, 6]),
      map(50.0514, 19.9449, 'ul. Józefa 21, Kraków', '21 Józefa St, Kraków', [12, 12, 6]),
      timeline(4, 5),
    ],
    series: soldOut(series(1000, 9_375, false, 2)),
    documents: [{ key: 'report-q1', kind: 'investor', displayName: t('Raport kwartalny Q1', 'Quarterly report Q1'), url: doc('quarterly-report-q1.pdf') }],
  },
  {
    key: 'nad-wisla-etap-2',
    slug: t('osiedle-nad-wisla/etap-2', 'vistula-estate/phase-2'),
    title: t('Osiedle nad Wisłą – etap 2, Toruń', 'Vistula estate – phase 2, Toruń'),
    mainDescription: t(
      '<p>Drugi etap osiedla nad Wisłą: trzy budynki, 72 mieszkania, bulwar spacerowy.</p>',
      '<p>The second phase of the Vistula estate: three buildings, 72 apartments and a riverside walk.</p>',
    ),
    projectType: t('Osiedle mieszkaniowe', 'Residential estate'),
    address: t('ul. Nadbrzeżna 8, 87-100 Toruń', '8 Nadbrzeżna St, 87-100 Toruń'),
    thumbUrl: img('nad-wisla'),
    imageUrl: img('nad-wisla'),
    isOpen: true,
    published: true,
    investmentStart: '2025-07-01T00:00:00.000Z',
    investmentEnd: '2028-09-30T00:00:00.000Z',
    createdAt: '2025-08-20T10:00:00.000Z',
    totalCost: pln(41_000_000),
    developerEquity: pln(11_000_000),
    templateName: 'default',
    badges: [badge.new],
    properties: standardProperties('4 900', '72', '2027', '8.1'),
    descriptions: standardDescriptions('Toruń', 'Toruń'),
    sections: [
      section('gallery', t('Wizualizacje', 'Visualisations'), {
        elements: [photo('nad-wisla', 'Budynki od bulwaru', 'The buildings from the boulevard'), photo('plan-2', 'Rzut typowego piętra', 'Typical floor plan')],
      }),
      budget('barChart'),
      map(53.0058, 18.6047, 'ul. Nadbrzeżna 8, Toruń', '8 Nadbrzeżna St, Toruń', [12, 6, 6]),
      unlock,
    ],
    series: series(300, 100_000),
    documents: [{ key: 'guide', kind: 'general', displayName: t('Przewodnik inwestora', 'Investor guide'), url: doc('investor-guide.pdf') }],
  },
  {
    key: 'lofty-lodz',
    slug: t('lofty-lodz', 'lodz-lofts'),
    title: t('Lofty w dawnej przędzalni, Łódź', 'Lofts in a former spinning mill, Łódź'),
    mainDescription: t(
      '<p>Adaptacja XIX-wiecznej przędzalni na 30 loftów. Zbiórka zakończona, budowa trwa.</p>',
      '<p>A 19th-century spinning mill turned into 30 lofts. Funding closed, construction under way.</p>',
    ),
    projectType: t('Lofty', 'Lofts'),
    address: t('ul. Ogrodowa 17, 91-065 Łódź', '17 Ogrodowa St, 91-065 Łódź'),
    thumbUrl: img('lofty-lodz'),
    imageUrl: img('lofty-lodz'),
    isOpen: false,
    published: true,
    investmentStart: '2024-09-01T00:00:00.000Z',
    investmentEnd: '2025-05-31T00:00:00.000Z',
    createdAt: '2025-08-01T10:00:00.000Z',
    totalCost: pln(22_000_000),
    developerEquity: pln(6_000_000),
    templateName: 'fullWidthGallery',
    badges: [badge.funded, badge.eco],
    // No properties: the fullWidthGallery card with project type and properties is not shown.
    properties: [],
    descriptions: standardDescriptions('Łódź', 'Łódź'),
    sections: [
      section('gallery', t('Wnętrza', 'Interiors'), {
        elements: [
          photo('lofty-lodz', 'Przędzalnia', 'The mill'),
          photo('interior-5', 'Loft z antresolą', 'Loft with a mezzanine'),
          photo('interior-6', 'Kuchnia', 'Kitchen'),
          photo('plan-3', 'Rzut loftu', 'Loft floor plan'),
        ],
      }),
      counters([
        [0, 30, 'loftów', 'lofts', '', ''],
        [1890, 1896, 'rok budowy', 'year built', 'przędzalnia', 'spinning mill'],
        [0, 4, 'metry wysokości', 'metres high', 'sufity', 'ceilings'],
        [0, 100, '% sfinansowane', '% funded', '', ''],
      ]),
    ],
    series: soldOut(series(400, 40_000, false)),
    documents: [],
  },
  {
    key: 'apartamenty-sopot',
    slug: t('apartamenty-sopot', 'sopot-apartments'),
    title: t('Apartamenty przy molo, Sopot', 'Pier apartments, Sopot'),
    mainDescription: t(
      '<p>Dziewięć apartamentów premium 300 metrów od plaży.</p>',
      '<p>Nine premium apartments 300 metres from the beach.</p>',
    ),
    projectType: t('Apartamenty premium', 'Premium apartments'),
    address: t('ul. Grunwaldzka 30, 81-759 Sopot', '30 Grunwaldzka St, 81-759 Sopot'),
    thumbUrl: img('apartamenty-sopot'),
    imageUrl: img('apartamenty-sopot'),
    isOpen: true,
    published: true,
    investmentStart: '2025-05-01T00:00:00.000Z',
    investmentEnd: '2028-04-30T00:00:00.000Z',
    createdAt: '2025-07-10T10:00:00.000Z',
    totalCost: pln(27_000_000),
    developerEquity: pln(7_000_000),
    templateName: 'default',
    badges: [badge.last],
    properties: standardProperties('1 280', '9', '2026', '7.9'),
    descriptions: standardDescriptions('Sopot', 'Sopot'),
    sections: [
      budget('pieChart'),
      table(9),
      section(
        'image',
        t('Widok z tarasu', 'View from the terrace'),
        { description: t('Apartament na ostatnim piętrze.', 'The top-floor apartment.'), imageUrl: img('interior-2'), thumbUrl: img('interior-2') },
        [12, 6, 6],
      ),
      map(54.4441, 18.5701, 'ul. Grunwaldzka 30, Sopot', '30 Grunwaldzka St, Sopot', [12, 6, 6]),
    ],
    series: series(1500, 13_333, true, 2),
    documents: [{ key: 'fees', kind: 'general', displayName: t('Tabela opłat', 'Fee table'), url: doc('fee-table.pdf') }],
  },
  {
    key: 'biurowiec-wroclaw',
    slug: t('biurowiec-wroclaw', 'wroclaw-office'),
    title: t('Biurowiec Nadodrze, Wrocław', 'Nadodrze office, Wrocław'),
    mainDescription: t(
      '<p>Mały biurowiec klasy A wynajęty w całości na 10 lat. Zbiórka zakończona.</p>',
      '<p>A small grade-A office building let in full for 10 years. Funding completed.</p>',
    ),
    projectType: t('Biurowiec', 'Office building'),
    address: t('ul. Jedności Narodowej 70, 50-262 Wrocław', '70 Jedności Narodowej St, 50-262 Wrocław'),
    thumbUrl: img('biurowiec-wroclaw'),
    imageUrl: img('biurowiec-wroclaw'),
    isOpen: false,
    published: true,
    investmentStart: '2024-01-15T00:00:00.000Z',
    investmentEnd: '2024-10-31T00:00:00.000Z',
    createdAt: '2025-06-01T10:00:00.000Z',
    totalCost: pln(36_000_000),
    developerEquity: pln(9_000_000),
    templateName: 'default',
    badges: [badge.funded, badge.rental],
    properties: standardProperties('6 200', '1', '2024', '6.5'),
    descriptions: standardDescriptions('Wrocław', 'Wrocław'),
    sections: [
      chart('doughnut', 'Najemcy', 'Tenants', [
        ['Firma IT', 'IT company', 70],
        ['Kawiarnia', 'Café', 10],
        ['Coworking', 'Coworking', 20],
      ]),
      section('documents', t('Dokumenty', 'Documents'), { documentKeys: ['valuation'] }, [12, 6, 6]),
    ],
    series: soldOut(series(2000, 13_500, false)),
    documents: [
      { key: 'valuation', kind: 'general', displayName: t('Operat szacunkowy', 'Valuation report'), url: doc('valuation-report.pdf') },
      { key: 'report-q1', kind: 'investor', displayName: t('Raport kwartalny Q1', 'Quarterly report Q1'), url: doc('quarterly-report-q1.pdf') },
    ],
  },
  {
    key: 'domy-poznan',
    slug: t('domy-poznan', 'poznan-townhouses'),
    title: t('Domy szeregowe Strzeszyn, Poznań', 'Strzeszyn townhouses, Poznań'),
    mainDescription: t(
      '<p>Dwanaście domów szeregowych z ogródkami przy Jeziorze Strzeszyńskim. Zbiórka bez terminu końcowego.</p>',
      '<p>Twelve terraced houses with gardens by Lake Strzeszyn. Funding with no end date.</p>',
    ),
    projectType: t('Domy szeregowe', 'Terraced houses'),
    address: t('ul. Koszalińska 40, 60-480 Poznań', '40 Koszalińska St, 60-480 Poznań'),
    thumbUrl: img('domy-poznan'),
    imageUrl: img('domy-poznan'),
    isOpen: true,
    published: true,
    investmentStart: '2025-04-01T00:00:00.000Z',
    investmentEnd: null,
    createdAt: '2025-05-01T10:00:00.000Z',
    totalCost: pln(16_800_000),
    developerEquity: pln(4_200_000),
    templateName: 'fullWidthGallery',
    badges: [badge.eco],
    properties: standardProperties('1 560', '12', '2027', '7.5'),
    descriptions: standardDescriptions('Poznań', 'Poznań'),
    sections: [
      section('gallery', t('Galeria', 'Gallery'), {
        elements: [
          photo('domy-poznan', 'Domy od ulicy', 'Houses from the street'),
          photo('interior-1', 'Salon z wyjściem do ogrodu', 'Living room opening to the garden'),
          photo('interior-4', 'Sypialnia na piętrze', 'Upstairs bedroom'),
          photo('plan-4', 'Rzut parteru', 'Ground floor plan'),
          photo('site-2', 'Budowa', 'Construction'),
          photo('site-3', 'Dach', 'Roof'),
        ],
      }),
      chart('barChart', 'Ceny domów (tys. zł)', 'House prices (PLN thousand)', [
        ['Dom A', 'House A', 1190],
        ['Dom B', 'House B', 1240],
        ['Dom C', 'House C', 1310],
        ['Dom D', 'House D', 1390],
      ]),
      timeline(2, 5),
      map(52.4523, 16.8271, 'ul. Koszalińska 40, Poznań', '40 Koszalińska St, Poznań'),
    ],
    series: series(350, 36_000),
    documents: [{ key: 'guide', kind: 'general', displayName: t('Przewodnik inwestora', 'Investor guide'), url: doc('investor-guide.pdf') }],
  },
  {
    key: 'stocznia-gdansk',
    slug: t('lofty-stocznia-gdansk', 'gdansk-shipyard-lofts'),
    title: t('Lofty Stocznia, Gdańsk', 'Shipyard lofts, Gdańsk'),
    mainDescription: t(
      '<p>Mieszkania w dawnej hali stoczniowej. Zbiórka zakończona, budynek oddany.</p>',
      '<p>Apartments in a former shipyard hall. Funding closed, the building is finished.</p>',
    ),
    projectType: t('Lofty', 'Lofts'),
    address: t('ul. Doki 1, 80-863 Gdańsk', '1 Doki St, 80-863 Gdańsk'),
    // No thumbnail: the homepage slice takes the first three offers that have one.
    thumbUrl: null,
    imageUrl: img('stocznia-gdansk'),
    isOpen: false,
    published: true,
    investmentStart: null,
    investmentEnd: '2023-12-31T00:00:00.000Z',
    createdAt: '2025-04-01T10:00:00.000Z',
    totalCost: pln(19_500_000),
    developerEquity: pln(5_500_000),
    templateName: 'default',
    badges: [],
    properties: standardProperties('2 100', '26', '2024', '6.1'),
    descriptions: [],
    sections: [
      text(
        'Historia miejsca',
        'History of the place',
        '<p>Hala powstała w 1960 roku; dziś mieści 26 loftów i pracownie artystów.</p>',
        '<p>The hall was built in 1960; today it holds 26 lofts and artists’ studios.</p>',
      ),
      // A type neither the API nor the SPA knows (an operator's typo): the API leaves the row out.
      { type: 'confetti', title: t('Nieznana sekcja', 'Unknown section'), grid: [12, 12, 12], payload: {} } as unknown as SectionSeed,
    ],
    series: series(450, 31_111, false),
    documents: [],
  },
  {
    key: 'willa-zakopane',
    slug: t('willa-zakopane', 'zakopane-villa'),
    title: t('Willa pod Giewontem, Zakopane', 'Villa below Giewont, Zakopane'),
    mainDescription: t(
      '<p>Oferta w przygotowaniu: willa w stylu zakopiańskim z ośmioma apartamentami.</p>',
      '<p>Offer in preparation: a Zakopane-style villa with eight apartments.</p>',
    ),
    projectType: t('Apartamenty wakacyjne', 'Holiday apartments'),
    address: t('ul. Kościeliska 50, 34-500 Zakopane', '50 Kościeliska St, 34-500 Zakopane'),
    thumbUrl: img('willa-zakopane'),
    imageUrl: img('willa-zakopane'),
    isOpen: false,
    published: false,
    previewToken: PREVIEW_TOKEN,
    investmentStart: '2026-03-01T00:00:00.000Z',
    investmentEnd: '2026-12-31T00:00:00.000Z',
    createdAt: '2025-11-01T10:00:00.000Z',
    totalCost: pln(9_600_000),
    developerEquity: pln(2_600_000),
    templateName: 'default',
    badges: [badge.new],
    properties: standardProperties('720', '8', '2028', '7.0'),
    descriptions: standardDescriptions('Zakopane', 'Zakopane'),
    sections: [map(49.2944, 19.9394, 'ul. Kościeliska 50, Zakopane', '50 Kościeliska St, Zakopane')],
    series: series(500, 14_000, false),
    documents: [],
  },
  {
    // A raise that missed its goal: closed not funded, every order cancelled and every payment refunded (the
    // demo investor's included: server/db/seed-data/payouts.ts). Not published: the public site lists offers
    // one can still buy or that went ahead; the investor still sees it in their orders and payouts.
    key: 'kamienica-lublin',
    slug: t('kamienica-lublin', 'lublin-townhouse'),
    title: t('Kamienica przy Grodzkiej, Lublin', 'Grodzka Street townhouse, Lublin'),
    mainDescription: t(
      '<p>Remont kamienicy na Starym Mieście: 11 mieszkań na wynajem krótkoterminowy. Zbiórka nie osiągnęła progu finansowania; wszystkie wpłaty zostały zwrócone.</p>',
      '<p>Renovating a townhouse in the Old Town: 11 flats for short-term rental. The raise did not reach its funding goal; every payment has been refunded.</p>',
    ),
    projectType: t('Rewitalizacja', 'Restoration'),
    address: t('ul. Grodzka 14, 20-112 Lublin', '14 Grodzka St, 20-112 Lublin'),
    thumbUrl: img('interior-3'),
    imageUrl: img('interior-3'),
    isOpen: false,
    published: false,
    investmentStart: '2026-02-01T00:00:00.000Z',
    investmentEnd: '2026-06-30T00:00:00.000Z',
    createdAt: '2026-01-15T10:00:00.000Z',
    totalCost: pln(6_400_000),
    developerEquity: pln(1_600_000),
    templateName: 'default',
    badges: [],
    properties: standardProperties('820', '11', '2027', '7.4'),
    descriptions: standardDescriptions('Lublin', 'Lublin'),
    sections: [map(51.2487, 22.5684, 'ul. Grodzka 14, Lublin', '14 Grodzka St, Lublin')],
    series: series(800, 6_000, false),
    documents: [],
  },
];
