// The single offer page and the static page inside the real app (createAppSystem + <App>) on a fake
// server, with fixtures shaped after server/db/seed-data/content: the `default` template (title, badges,
// open label, project type, properties, investment box priced from grosze, descriptions accordion), the
// `fullWidthGallery` template (two-photo gallery, 'View all photos', the properties card only with
// properties), a closed offer, page title and meta description, 404, the back link's origin, unknown
// section types, the unlockDetails prompt for a logged-in user, the language switcher's per-language slug;
// the static page (title, subtitle, content, attachments, 404).
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { Tokens } from '../../../machines/auth.machine';
import type { StaticContent } from '../../../src/api/types';
import type { Section } from '../../../src/components/sections/types';
import type { Offer, StaticPage } from '../../../src/features/offer/types';
import { loadAllDictionaries, renderApp, settle, STATIC_CONTENT, USER, type AppHarness } from '../../model/support/app';

// ---------------------------------------------------------------------------------------------------
// Fixtures (after the seed: zielone-tarasy / green-terraces, dom-nad-jeziorem / lakeside-house)

const grid = (desktop = 12) => ({ mobile: 12, tablet: 12, desktop });
const NOT_FOUND = { status: 404, errors: [{ code: 'NOT_FOUND', context: 'slug', message: 'Not found' }] };

const UNLOCK: Section = {
  id: 's-unlock',
  type: 'unlockDetails',
  position: 9,
  title: 'Details for investors',
  grid: grid(),
  unlockDetailsSectionDescription: '<p>The budget, payment schedule and quarterly reports are visible to signed-in investors.</p>',
  unlockDetailsSectionButtonText: 'Sign in',
  unlockDetailsSectionButtonLink: 'login',
} as Section;

function greenTerraces(over: Partial<Offer> = {}): Offer {
  return {
    id: '1',
    slug: { pl: 'zielone-tarasy', en: 'green-terraces' },
    title: 'Green Terraces, Warsaw Wilanów',
    seoTitle: 'Green Terraces – shares in a Wilanów estate',
    seoDescription: 'Buy shares in 48 energy-efficient apartments with rooftop gardens. From a single share.',
    mainDescription: '<p>48 energy-efficient apartments with <strong>rooftop gardens</strong>, completion in 2027.</p>',
    thumbUrl: '/media/offers/zielone-tarasy.svg',
    imageUrl: '/media/offers/zielone-tarasy.svg',
    projectType: 'Residential estate',
    isOpen: true,
    investmentStart: '2025-09-01T00:00:00.000Z',
    investmentEnd: '2026-12-31T00:00:00.000Z',
    createdAt: '2025-10-01T10:00:00.000Z',
    address: '12 Sarmacka St, 02-972 Warsaw',
    totalCost: 5_500_000_000,
    developerEquity: 1_500_000_000,
    investorEquity: 4_000_000_000,
    badges: [
      { text: 'New', colorText: '#ffffff', colorBackground: '#2e6b3a' },
      { text: 'Eco', colorText: '#1f4a2a', colorBackground: '#a8c686' },
    ],
    templateName: 'default',
    // out of order on purpose: the page sorts by position
    properties: [
      { position: 2, label: 'Units', value: '48' },
      { position: 1, label: 'Usable area', value: '3 420 m²' },
      { position: 3, label: 'Planned completion', value: '2027' },
    ],
    descriptions: [
      { position: 2, title: 'How you earn', content: '<p>Profit comes from selling or renting the units.</p>' },
      { position: 1, title: 'About the project', content: '<p>The project is being built in Warsaw.</p>' },
      { position: 3, title: 'Risks', content: '<p>Real-estate investment carries the risk of delays.</p>' },
    ],
    sections: [
      {
        id: 's-text',
        type: 'text',
        position: 1,
        title: 'Why Wilanów',
        grid: grid(6),
        content: '<p>Wilanów is one of the fastest-growing districts of Warsaw.</p>',
      },
      UNLOCK,
    ],
    // the first series is closed: the box shows the first *open* one
    series: [
      { id: 901, name: 'Series 0', pricePerShare: 45_000, minStocks: 10, availableShares: 0, isOpen: false },
      { id: 902, name: 'Series A', pricePerShare: 1_234_567, minStocks: 5, availableShares: 40_000, isOpen: true },
      { id: 903, name: 'Series B', pricePerShare: 55_000, minStocks: 1, availableShares: 40_000, isOpen: true },
    ],
    documents: { general: [], investor: [] },
    agreements: [],
    gallery: [],
    ...over,
  };
}

const photo = (position: number, name: string, title: string) => ({
  position,
  title,
  description: null,
  imageUrl: `/media/offers/${name}.svg`,
  thumbUrl: `/media/offers/${name}.svg`,
});

function lakeside(over: Partial<Offer> = {}): Offer {
  return greenTerraces({
    id: '2',
    slug: { pl: 'dom-nad-jeziorem', en: 'lakeside-house' },
    title: 'Lakeside house, Giżycko',
    seoTitle: null,
    seoDescription: null,
    mainDescription: '<p>Six holiday apartments on Lake Niegocin earning short-term rental income.</p>',
    imageUrl: '/media/offers/dom-nad-jeziorem.svg',
    projectType: 'Holiday apartments',
    badges: [{ text: 'Rental income', colorText: '#ffffff', colorBackground: '#5a3d2b' }],
    templateName: 'fullWidthGallery',
    properties: [
      { position: 1, label: 'Usable area', value: '540 m²' },
      { position: 2, label: 'Units', value: '6' },
    ],
    sections: [],
    series: [{ id: 904, name: 'Series A', pricePerShare: 25_000, minStocks: 1, availableShares: 24_000, isOpen: true }],
    // out of order on purpose: the hero sorts by position
    gallery: [
      photo(2, 'interior-3', 'Apartment'),
      photo(1, 'dom-nad-jeziorem', 'The house from the lake'),
      photo(3, 'interior-4', 'Bedroom'),
    ],
    ...over,
  });
}

function krakow(over: Partial<Offer> = {}): Offer {
  return greenTerraces({
    id: '3',
    slug: { pl: 'kamienica-krakow', en: 'krakow-townhouse' },
    title: 'Kazimierz townhouse, Kraków',
    projectType: 'Restoration',
    isOpen: false,
    badges: [{ text: 'Funded', colorText: '#3b2a1e', colorBackground: '#c9a27e' }],
    series: [{ id: 905, name: 'Series A', pricePerShare: 100_000, minStocks: 1, availableShares: 0, isOpen: false }],
    ...over,
  });
}

const withSiteSeoTitle = (title: string): StaticContent => ({
  ...STATIC_CONTENT,
  content: {
    ...STATIC_CONTENT.content,
    seo: { content: '', imageUrl: null, alt: null, position: 0, children: { title: { content: title, imageUrl: null, alt: null, position: 0, children: {} } } },
  } as StaticContent['content'],
});

const HOW_IT_WORKS: StaticPage = {
  id: 'p3',
  slug: { pl: 'jak-to-dziala', en: 'how-it-works' },
  title: 'How it works',
  subTitle: 'Investing in four steps',
  imageUrl: null,
  content: '<ol><li>Open an account.</li><li>Choose an offer.</li><li>Pay by bank transfer or PayPal.</li></ol>',
  seoTitle: 'How to invest in real estate',
  seoDescription: 'Four steps to your first share.',
  attachments: [
    { id: 'a1', displayName: 'Investor guide', url: '/media/docs/investor-guide.pdf' },
    { id: 'a2', displayName: 'Price list', url: '/media/docs/price-list.pdf' },
  ],
};

// ---------------------------------------------------------------------------------------------------
// Harness

const TOKENS: Tokens = { accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: Date.now() + 3_600_000 };

let h: AppHarness | null = null;
afterEach(() => {
  h?.unmount();
  h = null;
  document.head.querySelectorAll('meta[name="description"]').forEach((m) => m.remove());
});

/** Serves the offers by either language's slug at GET /offers/{slug}; anything else is a 404. */
function serveOffers(x: AppHarness, ...offers: Offer[]) {
  x.fake.on('GET', /^\/offers\/.+/, (call) => {
    const slug = decodeURIComponent(call.path.replace('/offers/', ''));
    const offer = offers.find((o) => o.slug.pl === slug || o.slug.en === slug);
    return offer ? { data: offer } : NOT_FOUND;
  });
}

async function open(path: string, setup?: (x: AppHarness) => void, options: { loggedIn?: boolean; start?: string } = {}) {
  h = renderApp({
    path: options.start ?? path,
    storedLanguage: path.startsWith('/pl') ? 'pl' : 'en',
    ...(options.loggedIn
      ? { tokens: TOKENS, overrides: { auth: { actors: { fetchUser: fromPromise<unknown, void>(async () => USER) } } } }
      : {}),
    // the fake server's routes are set before the app starts: boot's requests go out as it renders
    server: (fake) => setup?.({ fake } as AppHarness),
  });
  await settle(6);
  return h;
}

const offerPage = () => screen.getByTestId('offer-page');
const investBox = () => screen.getByTestId('invest-box');

// ---------------------------------------------------------------------------------------------------

describe('offer page: templates', () => {
  beforeAll(loadAllDictionaries);

  it('default: hero with badges and the Open badge, title, project type, sorted properties, the invest box', async () => {
    await open('/en/investment/green-terraces', (x) => serveOffers(x, greenTerraces()));
    expect(h!.fake.callsTo('GET', '/offers/green-terraces')).toHaveLength(1);
    expect(offerPage()).toHaveAttribute('data-template', 'default');
    expect(screen.queryByTestId('offer-gallery')).toBeNull();

    const hero = screen.getByTestId('offer-hero');
    expect(within(hero).getByTestId('offer-status')).toHaveTextContent('Open');
    expect(within(hero).getByText('New')).toBeInTheDocument();
    expect(within(hero).getByText('Eco')).toHaveStyle({ color: '#1f4a2a' });
    expect(within(hero).getByRole('img', { name: 'Green Terraces, Warsaw Wilanów' })).toHaveAttribute('src', '/media/offers/zielone-tarasy.svg');

    expect(screen.getByRole('heading', { level: 1, name: 'Green Terraces, Warsaw Wilanów' })).toBeInTheDocument();
    expect(screen.getByText('Residential estate')).toBeInTheDocument();
    expect(offerPage().querySelector('.main-description')).toHaveTextContent('48 energy-efficient apartments with rooftop gardens');

    const props = screen.getByTestId('properties');
    expect([...props.querySelectorAll('dt')].map((d) => d.textContent)).toEqual(['Usable area', 'Units', 'Planned completion']);
    expect([...props.querySelectorAll('dd')].map((d) => d.textContent)).toEqual(['3 420 m²', '48', '2027']);
    // the default template has no properties card
    expect(screen.queryByTestId('properties-card')).toBeNull();

    // the first open series, 1 234 567 grosze = PLN 12,345.67 (en-GB)
    expect(investBox()).toHaveAttribute('data-open', 'true');
    expect(within(investBox()).getByTestId('price-per-share')).toHaveTextContent(/^PLN\s?12,345\.67$/);
    expect(within(investBox()).getByText('Minimum number of shares').nextElementSibling).toHaveTextContent('5');
    expect(within(investBox()).getByText('Investment period').nextElementSibling).toHaveTextContent('Sept 2025 - Dec 2026');
    // step one of the investment flow: the number of shares and the invest button (src/features/invest)
    expect(within(investBox()).getByRole('button', { name: 'Invest' })).toHaveAttribute('type', 'submit');
    expect(within(investBox()).getByRole('spinbutton', { name: 'Number of shares' })).toHaveValue(1);
    expect(screen.queryByTestId('offer-closed')).toBeNull();
  });

  it('default in Polish: the price per share is formatted from grosze in the page language', async () => {
    await open('/pl/inwestycja/zielone-tarasy', (x) => serveOffers(x, greenTerraces()));
    expect(within(investBox()).getByTestId('price-per-share').textContent!.replace(/\s/g, ' ')).toBe('12 345,67 zł');
    expect(within(investBox()).getByTestId('invest-button')).toHaveTextContent('Inwestuj');
  });

  it('descriptions: an accordion sorted by position with the first open, one open at a time', async () => {
    await open('/en/investment/green-terraces', (x) => serveOffers(x, greenTerraces()));
    const list = screen.getByTestId('descriptions');
    const headers = within(list).getAllByRole('button');
    expect(headers.map((b) => b.textContent)).toEqual(['About the project', 'How you earn', 'Risks']);
    expect(headers.map((b) => b.getAttribute('aria-expanded'))).toEqual(['true', 'false', 'false']);
    const first = document.getElementById(headers[0].getAttribute('aria-controls')!)!;
    expect(first).toHaveAttribute('aria-hidden', 'false');
    expect(first).toHaveTextContent('The project is being built in Warsaw.');
    expect(document.getElementById(headers[1].getAttribute('aria-controls')!)).toHaveAttribute('aria-hidden', 'true');
    act(() => {
      fireEvent.click(headers[1]);
    });
    expect(headers.map((b) => b.getAttribute('aria-expanded'))).toEqual(['false', 'true', 'false']);
  });

  it('fullWidthGallery: the first two photos side by side, the third wide, View all photos, the properties card', async () => {
    await open('/en/investment/lakeside-house', (x) => serveOffers(x, lakeside()));
    expect(offerPage()).toHaveAttribute('data-template', 'fullWidthGallery');
    expect(screen.queryByTestId('offer-hero')).toBeNull();
    const gallery = screen.getByTestId('offer-gallery');
    const images = within(gallery).getAllByRole('img');
    expect(images.map((i) => i.getAttribute('alt'))).toEqual(['The house from the lake', 'Apartment', 'Bedroom']);
    expect(images.map((i) => i.getAttribute('src'))).toEqual([
      '/media/offers/dom-nad-jeziorem.svg',
      '/media/offers/interior-3.svg',
      '/media/offers/interior-4.svg',
    ]);
    expect(within(gallery).getByRole('button', { name: 'View all photos (3)' })).toBeInTheDocument();

    // badges and the open label move below the gallery, next to the title
    expect(within(offerPage()).getByTestId('offer-status')).toHaveTextContent('Open');
    expect(within(offerPage()).getByText('Rental income')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Lakeside house, Giżycko' })).toBeInTheDocument();

    const card = screen.getByTestId('properties-card');
    expect(within(card).getByRole('heading', { level: 2, name: 'Holiday apartments' })).toBeInTheDocument();
    expect(within(card).getByTestId('properties')).toHaveTextContent('Usable area540 m²Units6');
    // the project type is in the card only, not under the title
    expect(screen.getAllByText('Holiday apartments')).toHaveLength(1);
  });

  it('fullWidthGallery without properties: no card and no project type', async () => {
    await open('/en/investment/lakeside-house', (x) => serveOffers(x, lakeside({ properties: [] })));
    expect(screen.getByRole('heading', { level: 1, name: 'Lakeside house, Giżycko' })).toBeInTheDocument();
    expect(screen.queryByTestId('properties-card')).toBeNull();
    expect(screen.queryByTestId('properties')).toBeNull();
    expect(screen.queryByText('Holiday apartments')).toBeNull();
  });

  it('a closed offer: the closed notice and no invest button, the Closed badge', async () => {
    await open('/en/investment/krakow-townhouse', (x) => serveOffers(x, krakow()));
    expect(screen.getByRole('heading', { level: 1, name: 'Kazimierz townhouse, Kraków' })).toBeInTheDocument();
    expect(investBox()).toHaveAttribute('data-open', 'false');
    expect(within(investBox()).getByRole('status')).toHaveTextContent('This investment is closed.');
    expect(screen.queryByTestId('invest-button')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Invest' })).toBeNull();
    expect(screen.queryByTestId('price-per-share')).toBeNull();
    // the state badge reads Closed (not Open)
    expect(screen.getByTestId('offer-status')).toHaveTextContent('Closed');
    expect(screen.getByText('Funded')).toBeInTheDocument();
  });

  it('a closed offer with a series still marked open is shown closed', async () => {
    await open('/en/investment/krakow-townhouse', (x) =>
      serveOffers(x, krakow({ series: [{ id: 905, name: 'Series A', pricePerShare: 100_000, minStocks: 1, availableShares: 10, isOpen: true }] })),
    );
    expect(screen.getByTestId('offer-closed')).toHaveTextContent('This investment is closed.');
    expect(screen.queryByTestId('invest-button')).toBeNull();
  });

  it('an open offer with no open series is shown closed', async () => {
    await open('/en/investment/green-terraces', (x) =>
      serveOffers(x, greenTerraces({ series: greenTerraces().series.map((s) => ({ ...s, isOpen: false })) })),
    );
    expect(screen.getByTestId('offer-closed')).toHaveTextContent('This investment is closed.');
    expect(screen.queryByTestId('invest-button')).toBeNull();
  });
});

describe('offer page: the investing figures, as on its card', () => {
  beforeAll(loadAllDictionaries);
  const figures = (over: Partial<Offer> = {}) =>
    greenTerraces({
      pricePerShare: 50_000,
      minimumInvestment: 250_000,
      projectedReturnBasisPoints: 850,
      funding: { raised: 123_450, target: 500_000, percent: 24.69 },
      status: 'open',
      ...over,
    });
  const nbsp = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

  it('pl: price per share, minimum in PLN, projected return, window, raised / target with the percentage, the Open badge', async () => {
    await open('/pl/inwestycja/zielone-tarasy', (x) => serveOffers(x, figures()));
    const panel = screen.getByTestId('offer-figures');
    expect(within(panel).getByRole('heading', { level: 2, name: 'Inwestycja w liczbach' })).toBeInTheDocument();
    expect(nbsp(within(panel).getByTestId('offer-price').textContent)).toBe('500,00 zł');
    expect(nbsp(within(panel).getByTestId('offer-minimum').textContent)).toBe('2 500,00 zł');
    expect(nbsp(within(panel).getByTestId('offer-return').textContent)).toBe('8,5% rocznie');
    expect(within(panel).getByTestId('offer-term')).toHaveTextContent('wrz 2025 - gru 2026');
    expect(nbsp(within(panel).getByTestId('offer-funding-amounts').textContent)).toBe('1 234,50 zł z 5 000,00 zł');
    // SPEC §9: the server's percentage, 2 decimals, a decimal comma in Polish
    expect(within(panel).getByTestId('offer-funding-percent')).toHaveTextContent('24,69%');
    expect(within(panel).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '24.69');
    expect(within(screen.getByTestId('offer-hero')).getByTestId('offer-status')).toHaveTextContent('Otwarta');
  });

  it('en: a funded offer reads Funded, the bar is full; figures the offer does not state are dashes', async () => {
    await open('/en/investment/green-terraces', (x) =>
      serveOffers(
        x,
        figures({ isOpen: false, status: 'funded', funding: { raised: 500_000, target: 500_000, percent: 100 }, minimumInvestment: null, projectedReturnBasisPoints: null }),
      ),
    );
    expect(screen.getByTestId('offer-status')).toHaveTextContent('Funded');
    const panel = screen.getByTestId('offer-figures');
    expect(nbsp(within(panel).getByTestId('offer-price').textContent)).toBe('PLN 500.00');
    expect(within(panel).getByTestId('offer-minimum')).toHaveTextContent('—');
    expect(within(panel).getByTestId('offer-return')).toHaveTextContent('—');
    expect(within(panel).getByTestId('offer-funding-percent')).toHaveTextContent('100%');
    expect(within(panel).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });
});

describe('offer page: title, description, not found, back link', () => {
  beforeAll(loadAllDictionaries);

  it('the page title is seoTitle | site SEO title; the meta description is seoDescription', async () => {
    await open('/en/investment/green-terraces', (x) => {
      x.fake.on('GET', '/static-content', () => ({ data: withSiteSeoTitle('Estate Shares') }));
      serveOffers(x, greenTerraces());
    });
    expect(document.title).toBe('Green Terraces – shares in a Wilanów estate | Estate Shares');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Buy shares in 48 energy-efficient apartments with rooftop gardens. From a single share.',
    );
  });

  it('without seoTitle and seoDescription: the title, and the plain text of the main description', async () => {
    await open('/en/investment/green-terraces', (x) => {
      x.fake.on('GET', '/static-content', () => ({ data: withSiteSeoTitle('Estate Shares') }));
      serveOffers(x, greenTerraces({ seoTitle: '  ', seoDescription: null }));
    });
    expect(document.title).toBe('Green Terraces, Warsaw Wilanów | Estate Shares');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      '48 energy-efficient apartments with rooftop gardens, completion in 2027.',
    );
  });

  it('the meta description is taken away when the page is left', async () => {
    await open('/en/investment/green-terraces', (x) => serveOffers(x, greenTerraces()));
    expect(document.head.querySelector('meta[name="description"]')).not.toBeNull();
    h!.go('/en/faq');
    await settle(4);
    expect(document.head.querySelector('meta[name="description"]')).toBeNull();
  });

  it('a 404 from the API shows the not-found page', async () => {
    await open('/en/investment/no-such-offer', (x) => serveOffers(x, greenTerraces()));
    expect(h!.fake.callsTo('GET', '/offers/no-such-offer')).toHaveLength(1);
    expect(screen.queryByTestId('offer-page')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found');
  });

  it('the back link goes to the page the user came from, else to the offers list', async () => {
    await open('/en/investment/green-terraces', (x) => serveOffers(x, greenTerraces()));
    expect(screen.getByTestId('back-to-offers')).toHaveAttribute('href', '/en/investments');
    expect(screen.getByTestId('back-to-offers')).toHaveTextContent('Back to investments');
    h!.unmount();
    h = null;

    await open('/en/investment/green-terraces', (x) => serveOffers(x, greenTerraces()), { start: '/en/' });
    h!.go('/en/investment/green-terraces', { from: '/en/investments/page/2?items=9' });
    await settle(6);
    const back = screen.getByTestId('back-to-offers');
    expect(back).toHaveAttribute('href', '/en/investments/page/2?items=9');
    act(() => {
      fireEvent.click(back);
    });
    expect(h!.location()).toBe('/en/investments/page/2?items=9');
  });
});

describe('offer page: sections', () => {
  beforeAll(loadAllDictionaries);

  it('a section of an unknown type renders nothing; the known ones render in position order', async () => {
    const hologram = { id: 's-holo', type: 'hologram', position: 0, title: 'A hologram', grid: grid(), content: '<p>3D</p>' } as unknown as Section;
    await open('/en/investment/green-terraces', (x) =>
      serveOffers(x, greenTerraces({ sections: [UNLOCK, hologram, ...greenTerraces().sections.filter((s) => s.type === 'text')] })),
    );
    const sections = screen.getByTestId('sections');
    expect([...sections.children].map((c) => c.getAttribute('data-testid'))).toEqual(['section-text', 'section-unlockDetails']);
    expect(screen.queryByTestId('section-hologram')).toBeNull();
    expect(screen.queryByText('A hologram')).toBeNull();
    expect(screen.queryByText('3D')).toBeNull();
    expect(within(sections).getByRole('heading', { level: 2, name: 'Why Wilanów' })).toBeInTheDocument();
  });

  it('only sections of unknown types: no sections block at all', async () => {
    const hologram = { id: 's-holo', type: 'hologram', position: 0, title: 'A hologram', grid: grid() } as unknown as Section;
    await open('/en/investment/green-terraces', (x) => serveOffers(x, greenTerraces({ sections: [hologram] })));
    expect(screen.getByTestId('offer-page')).toBeInTheDocument();
    expect(screen.queryByTestId('sections')).toBeNull();
  });

  it('the unlockDetails prompt shows for a guest and is hidden for a logged-in user', async () => {
    await open('/en/investment/green-terraces', (x) => serveOffers(x, greenTerraces()));
    const prompt = screen.getByTestId('section-unlockDetails');
    expect(within(prompt).getByRole('heading', { name: 'Details for investors' })).toBeInTheDocument();
    // the content link `login` is a route name, resolved for the page's language (not a relative href)
    const signIn = within(prompt).getByRole('link', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('href', '/en/login');
    act(() => {
      fireEvent.click(signIn);
    });
    expect(h!.location()).toBe('/en/login');
    h!.unmount();
    h = null;

    await open('/en/investment/green-terraces', (x) => serveOffers(x, greenTerraces()), { loggedIn: true });
    expect(h!.system.auth.getSnapshot().hasTag('loggedIn')).toBe(true);
    expect(screen.getByRole('heading', { level: 1, name: 'Green Terraces, Warsaw Wilanów' })).toBeInTheDocument();
    expect(screen.getByTestId('section-text')).toHaveTextContent('Why Wilanów');
    expect(screen.queryByText('Details for investors')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });
});

describe('offer page: the language switcher', () => {
  beforeAll(loadAllDictionaries);

  it("EN on a Polish offer goes to the offer's English slug, which is then loaded", async () => {
    await open('/pl/inwestycja/zielone-tarasy', (x) => serveOffers(x, greenTerraces()));
    expect(screen.getByRole('heading', { level: 1, name: 'Green Terraces, Warsaw Wilanów' })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('language-en'));
    await settle(6);
    expect(h!.navigations.at(-1)).toMatchObject({ to: '/en/investment/green-terraces' });
    expect(h!.location()).toBe('/en/investment/green-terraces');
    expect(h!.fake.callsTo('GET', '/offers/green-terraces')).toHaveLength(1);
    expect(screen.getByTestId('back-to-offers')).toHaveAttribute('href', '/en/investments');
  });

  it('the preview token is kept across languages', async () => {
    await open('/en/investment/green-terraces?previewToken=tok-1', (x) => serveOffers(x, greenTerraces()));
    expect(h!.fake.callsTo('GET', '/offers/green-terraces')[0].url).toContain('previewToken=tok-1');
    fireEvent.click(screen.getByTestId('language-pl'));
    await settle(6);
    expect(h!.location()).toBe('/pl/inwestycja/zielone-tarasy?previewToken=tok-1');
  });

  it('a nested slug keeps its slash in the API call', async () => {
    const nested = greenTerraces({ slug: { pl: 'warszawa/zielone-tarasy', en: 'warsaw/green-terraces' } });
    await open('/en/investment/warsaw/green-terraces', (x) => serveOffers(x, nested));
    expect(h!.fake.callsTo('GET', '/offers/warsaw/green-terraces')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Green Terraces, Warsaw Wilanów' })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('language-pl'));
    await settle(6);
    expect(h!.location()).toBe('/pl/inwestycja/warszawa/zielone-tarasy');
  });
});

describe('static page', () => {
  beforeAll(loadAllDictionaries);

  function servePages(x: AppHarness, ...pages: StaticPage[]) {
    x.fake.on('GET', /^\/page\/.+/, (call) => {
      const slug = decodeURIComponent(call.path.replace('/page/', ''));
      const page = pages.find((p) => p.slug.pl === slug || p.slug.en === slug);
      return page ? { data: page } : NOT_FOUND;
    });
  }

  it('title, subtitle, content, and a Download link per attachment opening in a new tab', async () => {
    await open('/en/how-it-works', (x) => {
      x.fake.on('GET', '/static-content', () => ({ data: withSiteSeoTitle('Estate Shares') }));
      servePages(x, HOW_IT_WORKS);
    });
    expect(h!.fake.callsTo('GET', '/page/how-it-works')).toHaveLength(1);
    const page = screen.getByTestId('static-page');
    expect(within(page).getByRole('heading', { level: 1, name: 'How it works' })).toBeInTheDocument();
    expect(within(page).getByText('Investing in four steps')).toBeInTheDocument();
    expect(within(page).getAllByRole('listitem').map((li) => li.textContent)).toEqual(
      expect.arrayContaining(['Open an account.', 'Choose an offer.', 'Pay by bank transfer or PayPal.']),
    );
    expect(within(page).getByRole('heading', { level: 2, name: 'Attachments' })).toBeInTheDocument();
    const attachments = within(screen.getByTestId('attachments')).getAllByRole('listitem');
    expect(attachments).toHaveLength(2);
    HOW_IT_WORKS.attachments.forEach((doc, i) => {
      expect(attachments[i]).toHaveTextContent(doc.displayName);
      const link = within(attachments[i]).getByRole('link', { name: `Download ${doc.displayName}` });
      expect(link).toHaveAttribute('href', doc.url);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    });
    expect(document.title).toBe('How to invest in real estate | Estate Shares');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Four steps to your first share.');
  });

  it('no attachments: no attachments block; the language switcher targets the page in the other language', async () => {
    await open('/pl/jak-to-dziala', (x) => servePages(x, { ...HOW_IT_WORKS, title: 'Jak to działa', attachments: [] }));
    expect(screen.getByRole('heading', { level: 1, name: 'Jak to działa' })).toBeInTheDocument();
    expect(screen.queryByTestId('attachments')).toBeNull();
    fireEvent.click(screen.getByTestId('language-en'));
    await settle(6);
    expect(h!.location()).toBe('/en/how-it-works');
  });

  it('terms of use load their fixed slug', async () => {
    await open('/en/terms-of-use', (x) =>
      servePages(x, { ...HOW_IT_WORKS, id: 'p1', slug: { pl: 'regulamin', en: 'terms-of-use' }, title: 'Terms of use', attachments: [] }),
    );
    expect(h!.fake.callsTo('GET', '/page/terms-of-use')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeInTheDocument();
  });

  it('a 404 from the API shows the not-found page', async () => {
    await open('/en/no-such-page', (x) => servePages(x, HOW_IT_WORKS));
    expect(h!.fake.callsTo('GET', '/page/no-such-page')).toHaveLength(1);
    expect(screen.queryByTestId('static-page')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});

