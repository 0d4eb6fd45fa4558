// Maps hidden without a tile provider, the contact menu out of the way on small screens,
// the sticky bar's two-row layout, offer cards with what investors decide on, the home page's platform
// figures, the bar chart legend's values, Polish decimal commas in content tables, one dashboard link in the
// logged-in mobile drawer.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createActor } from 'xstate';
import { beforeAll, describe, expect, it } from 'vitest';
import { disclosureMachine } from '../../../machines/disclosure.machine';
import type { Http } from '../../../src/api/http';
import type { MenuItem } from '../../../src/api/types';
import { AppSystemProvider } from '../../../src/system/AppSystemContext';
import type { AppSystem } from '../../../src/system/system';
import { ContactMenuView } from '../../../src/components/layout/ContactMenu';
import { drawerMenuItems } from '../../../src/components/layout/menuItems';
import { MobileDrawer } from '../../../src/components/layout/MobileDrawer';
import { LazyMap, mapCanLoad } from '../../../src/components/media/LazyMap';
import { fundingOf, offerStatus, projectedReturnFraction } from '../../../src/components/offers/figures';
import { formatMonthRange as offerTerm } from '../../../lib/format';
import { OfferCard } from '../../../src/components/offers/OfferCard';
import type { OfferSummary } from '../../../src/components/offers/types';
import { ChartLegend } from '../../../src/components/sections/ChartLegend';
import { chartData } from '../../../src/components/sections/chart';
import { decimalCommaText, localizeNumbersHtml } from '../../../src/components/sections/format';
import MapSection from '../../../src/components/sections/MapSection';
import { SectionEnvironmentContext } from '../../../src/components/sections/SectionContext';
import TableSection from '../../../src/components/sections/TableSection';
import type { SectionOf } from '../../../src/components/sections/types';
import { PlatformStatsBand } from '../../../src/features/public/PlatformStats';
import { StickyBar } from '../../../src/features/offer/StickyBar';
import type { Offer } from '../../../src/features/offer/types';
import { loadTexts, renderView } from '../layout/render';

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

beforeAll(loadTexts);

describe('maps: hidden until the operator configures tiles (SPEC §8)', () => {
  it('mapCanLoad needs coordinates and a tile template', () => {
    expect(mapCanLoad({ latitude: 52, longitude: 21, tileTemplate: null })).toBe(false);
    expect(mapCanLoad({ latitude: 52, longitude: 21, tileTemplate: '  ' })).toBe(false);
    expect(mapCanLoad({ latitude: Number.NaN, longitude: 21, tileTemplate: '/t/{z}/{x}/{y}.png' })).toBe(false);
    expect(mapCanLoad({ latitude: 52, longitude: 21, tileTemplate: '/t/{z}/{x}/{y}.png' })).toBe(true);
  });

  it('the shared map renders nothing without tiles (so the contact page needs no rule of its own)', () => {
    const { container } = renderView(<LazyMap latitude={52} longitude={21} zoom={15} tileTemplate={null} infoText="Here" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('with tiles, the map is drawn (its loading placeholder first, then the map)', async () => {
    const { container } = renderView(
      <LazyMap latitude={52} longitude={21} zoom={15} tileTemplate="/tiles/{z}/{x}/{y}.png" infoText="Here" />,
    );
    expect(container).not.toBeEmptyDOMElement();
    await waitFor(() => expect(screen.getByTestId('map')).toHaveAttribute('data-tiles', 'configured'), { timeout: 5000 });
  });

  it('a map section without tiles keeps its address and the external link, without the map', () => {
    const section = {
      id: 'm', type: 'map', position: 1, title: 'Location', grid: { mobile: 12, tablet: 12, desktop: 12 },
      zoom: 13, latitude: 54.03, longitude: 21.76, address: '4 Plażowa St', isFullWidth: true,
    } as unknown as SectionOf<'map'>;
    renderView(
      <SectionEnvironmentContext.Provider value={{ tileTemplate: null, loggedIn: false }}>
        <MapSection section={section} />
      </SectionEnvironmentContext.Provider>,
    );
    expect(screen.queryByTestId('map')).toBeNull();
    expect(screen.getByText('4 Plażowa St')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View on map/ })).toHaveAttribute('href', expect.stringContaining('query=54.03%2C21.76'));
  });
});

describe('contact menu: a fixed rail on wide screens, a band in the flow on small ones', () => {
  it('shows its labels as text (read on small screens) and keeps the call dialog', () => {
    const actor = createActor(disclosureMachine).start();
    renderView(<ContactMenuView actorRef={actor} language="en" phone="500 100 200" />);
    const nav = screen.getByTestId('contact-menu');
    expect(within(nav).getByText('Call us')).toHaveClass('label');
    expect(within(nav).getByText('Write to us')).toHaveClass('label');
    fireEvent.click(within(nav).getByRole('button', { name: 'Call us' }));
    expect(screen.getByRole('dialog', { name: 'Call us' })).toBeInTheDocument();
    // Fixed only from the lg breakpoint up: the rule is inside the min-width media query.
    const css = Array.from(document.querySelectorAll('style')).map((s) => s.textContent).join('\n');
    const navClass = Array.from(nav.classList).find((c) => css.includes(`.${c}`) && /^[a-zA-Z]+$/.test(c) && c.length > 4);
    expect(navClass).toBeTruthy();
    const rules = css.slice(css.indexOf(`.${navClass}{`));
    expect(rules.slice(0, rules.indexOf('}')).includes('position:fixed')).toBe(false);
    expect(css).toMatch(new RegExp(`@media \\(min-width: 1200px\\)\\{\\.${navClass}\\{position:fixed`));
  });
});

const offer = (over: Partial<OfferSummary> = {}): OfferSummary => ({
  id: 'o1',
  slug: { pl: 'oferta', en: 'offer' },
  title: 'Lake houses',
  mainDescription: '<p>By the lake.</p>',
  thumbUrl: null,
  imageUrl: null,
  projectType: null,
  isOpen: true,
  badges: [],
  investmentStart: '2025-03-01T00:00:00Z',
  investmentEnd: '2026-09-30T00:00:00Z',
  address: null,
  totalCost: 100_000_000,
  developerEquity: 25_000_000,
  investorEquity: 75_000_000,
  pricePerShare: 50_000,
  minimumInvestment: 500_000,
  projectedReturnBasisPoints: 850,
  funding: { raised: 123_450, target: 500_000, percent: 24.69 },
  status: 'open',
  ...over,
});

describe('offer cards: what investors decide on', () => {
  it('figures helpers: status fallback, basis points, funding, the window (SPEC §9)', () => {
    expect(offerStatus({ status: 'funded', isOpen: true })).toBe('funded');
    expect(offerStatus({ isOpen: false })).toBe('closed');
    expect(offerStatus({ isOpen: true })).toBe('open');
    expect(projectedReturnFraction(850)).toBe(0.085);
    expect(projectedReturnFraction(null)).toBeNull();
    expect(fundingOf({ funding: { raised: 1, target: 3, percent: 33.33 } })).toEqual({ raised: 1, target: 3, percent: 33.33, width: 33.33 });
    expect(fundingOf({ funding: { raised: 2, target: 3, percent: Number.NaN } })?.percent).toBe(66.67);
    expect(fundingOf({ funding: { raised: 0, target: 0, percent: 0 } })).toBeNull();
    expect(fundingOf({})).toBeNull();
    const words = { from: 'from', to: 'to' };
    expect(offerTerm('2025-03-01T00:00:00Z', '2026-09-30T00:00:00Z', 'en', words)).toBe('Mar 2025 - Sept 2026');
    expect(offerTerm('2025-03-01T00:00:00Z', '2026-09-30T00:00:00Z', 'pl', words)).toBe('mar 2025 - wrz 2026');
    expect(offerTerm(null, '2026-09-30T00:00:00Z', 'en', words)).toBe('to Sept 2026');
    expect(offerTerm('2025-03-01', null, 'en', words)).toBe('from Mar 2025');
    expect(offerTerm(null, 'not a date', 'en', words)).toBe('');
  });

  it('pl: price per share, minimum, projected return, window, funding and the Open badge', () => {
    renderView(<OfferCard offer={offer()} language="pl" />, { language: 'pl' });
    expect(screen.getByTestId('offer-status')).toHaveTextContent('Otwarta');
    expect(nbsp(screen.getByTestId('offer-price').textContent)).toBe('500,00 zł');
    expect(nbsp(screen.getByTestId('offer-minimum').textContent)).toBe('5 000,00 zł');
    expect(nbsp(screen.getByTestId('offer-return').textContent)).toBe('8,5% rocznie');
    expect(screen.getByTestId('offer-term')).toHaveTextContent('mar 2025 - wrz 2026');
    expect(nbsp(screen.getByTestId('offer-funding-amounts').textContent)).toBe('1 234,50 zł z 5 000,00 zł');
    expect(screen.getByTestId('offer-funding-percent')).toHaveTextContent('24,69%');
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '24.69');
    expect(bar).toHaveAttribute('aria-valuetext', 'Zebrano 24,69% celu');
    expect(screen.getByText('Cena udziału')).toBeInTheDocument();
    expect(screen.getByText('Minimalna inwestycja')).toBeInTheDocument();
  });

  it('en: Funded and Closed badges; unknown figures keep their place with a dash', () => {
    const funded = renderView(
      <OfferCard offer={offer({ status: 'funded', funding: { raised: 500_000, target: 500_000, percent: 100 }, minimumInvestment: null })} language="en" />,
    );
    expect(screen.getByTestId('offer-status')).toHaveTextContent('Funded');
    expect(screen.getByTestId('offer-card')).toHaveAttribute('data-status', 'funded');
    expect(screen.getByTestId('offer-minimum')).toHaveTextContent('—');
    expect(screen.getByTestId('offer-funding-percent')).toHaveTextContent('100%');
    expect(nbsp(screen.getByTestId('offer-price').textContent)).toBe('PLN 500.00');
    expect(screen.getByTestId('offer-return')).toHaveTextContent('8.5% a year');
    funded.unmount();
    renderView(
      <OfferCard
        offer={offer({ status: 'closed', isOpen: false, projectedReturnBasisPoints: null, pricePerShare: null, minimumInvestment: null, investmentStart: null, investmentEnd: null, funding: undefined })}
        language="en"
      />,
    );
    expect(screen.getByTestId('offer-status')).toHaveTextContent('Closed');
    for (const id of ['offer-price', 'offer-minimum', 'offer-return', 'offer-term', 'offer-funding-amounts']) {
      expect(screen.getByTestId(id), id).toHaveTextContent('—');
    }
    // the funding block is still there (same height), with an empty bar
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });
});

describe('home page platform figures (GET /stats)', () => {
  function renderBand(http: Http, language: 'pl' | 'en' = 'en') {
    const system = { http } as unknown as AppSystem;
    return renderView(
      <AppSystemProvider system={system}>
        <PlatformStatsBand />
      </AppSystemProvider>,
      { language },
    );
  }

  it('shows a skeleton of the final layout while loading, then the three figures in the page language', async () => {
    let resolve: (v: unknown) => void = () => {};
    const paths: string[] = [];
    const http = ((path: string) => {
      paths.push(path);
      return new Promise<unknown>((r) => (resolve = r));
    }) as Http;
    renderBand(http, 'pl');
    const band = screen.getByTestId('home-stats');
    expect(within(band).getByRole('list')).toHaveAttribute('aria-busy', 'true');
    expect(within(band).getAllByRole('listitem')).toHaveLength(3);
    expect(within(band).getByText('inwestorów')).toBeInTheDocument();
    expect(paths).toEqual(['/stats']);
    await act(async () => resolve({ raised: 1_234_567_89, investors: 1234, offersFunded: 3, offers: 9 }));
    expect(within(band).getByRole('list')).toHaveAttribute('aria-busy', 'false');
    expect(nbsp(screen.getByTestId('stats-raised').textContent)).toBe('1 234 567,89 zł');
    expect(nbsp(screen.getByTestId('stats-investors').textContent)).toBe('1 234');
    expect(screen.getByTestId('stats-offersFunded')).toHaveTextContent('3');
    expect(screen.getByRole('region', { name: 'Platforma w liczbach' })).toBe(band);
    // each label agrees with its number
    expect(within(band).getByText('inwestorów')).toBeInTheDocument();
    expect(within(band).getByText('sfinansowane inwestycje')).toBeInTheDocument();
  });

  it.each([
    ['pl', 1, 'inwestor', 'sfinansowana inwestycja'],
    ['pl', 22, 'inwestorów', 'sfinansowane inwestycje'],
    ['pl', 5, 'inwestorów', 'sfinansowanych inwestycji'],
    ['en', 1, 'investor', 'investment funded'],
    ['en', 2, 'investors', 'investments funded'],
  ] as const)('%s: %i → "%s", "%s"', async (language, n, investors, funded) => {
    const http = (() => Promise.resolve({ raised: 100, investors: n, offersFunded: n, offers: 9 })) as unknown as Http;
    renderBand(http, language);
    const band = screen.getByTestId('home-stats');
    // Before the figures arrive the labels read as for zero ("inwestorów" too): wait until they have arrived.
    await waitFor(() => expect(within(band).getByRole('list')).toHaveAttribute('aria-busy', 'false'));
    expect(within(band).getByText(investors)).toBeInTheDocument();
    expect(within(band).getByText(funded)).toBeInTheDocument();
  });

  it('is hidden when the figures cannot be loaded', async () => {
    const http = (() => Promise.reject(new Error('down'))) as unknown as Http;
    renderBand(http);
    await waitFor(() => expect(screen.queryByTestId('home-stats')).toBeNull());
  });
});

describe('bar chart legend: each bar’s value, not its share', () => {
  const elements = [
    { label: 'May', value: 55, color: '' },
    { label: 'June', value: 1250.5, color: '#123456' },
  ];
  it('bars show values in the page language; pies keep their shares', () => {
    const data = chartData(elements);
    const bars = renderView(<ChartLegend data={data} show="value" />, { language: 'pl' });
    expect(screen.getAllByRole('listitem').map((li) => nbsp(li.textContent))).toEqual(['May55', 'June1 250,5']);
    bars.unmount();
    renderView(<ChartLegend data={data} />, { language: 'en' });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['May4.21%', 'June95.79%']);
  });

  it('the bar chart section passes show="value" to its legend', async () => {
    const source = await import('../../../src/components/sections/BarChartSection.tsx?raw');
    expect(source.default).toContain('<ChartLegend data={data} show="value" />');
  });
});

describe('content tables: a decimal comma in Polish', () => {
  it('only stand-alone decimals change; dates, codes and attributes stay', () => {
    expect(decimalCommaText('38.0 m²')).toBe('38,0 m²');
    expect(decimalCommaText('od 38.5 do 96.25 m², 1.5%')).toBe('od 38,5 do 96,25 m², 1,5%');
    expect(decimalCommaText('01.02.2025')).toBe('01.02.2025');
    expect(decimalCommaText('v1.2 M3.5')).toBe('v1.2 M3.5');
    expect(decimalCommaText('1,250.50')).toBe('1,250.50');
    expect(decimalCommaText('Koniec 38.')).toBe('Koniec 38.');
    expect(localizeNumbersHtml('<a href="/doc-1.5.pdf">plan 1.5</a>', 'pl')).toBe('<a href="/doc-1.5.pdf">plan 1,5</a>');
    expect(localizeNumbersHtml('<strong>38.0</strong> m²', 'en')).toBe('<strong>38.0</strong> m²');
    // comments, character references and attributes with quotes and `>` stay; text around them changes
    expect(localizeNumbersHtml('<!-- v 1.5 -->38.5&nbsp;m² <span title="a > 2.5">2.5</span>', 'pl')).toBe('<!-- v 1.5 -->38,5&nbsp;m² <span title="a > 2.5">2,5</span>');
  });

  const table = {
    id: 't', type: 'table', position: 1, title: 'Units', grid: { mobile: 12, tablet: 12, desktop: 12 },
    columns: [{ position: 1, name: 'Unit' }, { position: 2, name: 'Area' }],
    rows: [{ backgroundColor: null, textColor: null, cells: { '1': '<strong>M1</strong>', '2': '38.0 m²' } }],
  } as unknown as SectionOf<'table'>;

  it('pl cells read 38,0 m²; en cells stay 38.0 m²', () => {
    const pl = renderView(<TableSection section={table} />, { language: 'pl' });
    expect(screen.getByRole('cell', { name: '38,0 m²' })).toBeInTheDocument();
    pl.unmount();
    renderView(<TableSection section={table} />, { language: 'en' });
    expect(screen.getByRole('cell', { name: '38.0 m²' })).toBeInTheDocument();
  });
});

describe('mobile drawer: one dashboard link for a logged-in user', () => {
  const item = (id: string, href: string, title: string, isPrivate = false): MenuItem =>
    ({ id, href, title, type: 'link', isPrivate, position: Number(id) }) as unknown as MenuItem;
  const items = [item('1', 'offers', 'Investments'), item('5', 'dashboard', 'My dashboard', true)];

  it('drawerMenuItems leaves out header items that the account links already have', () => {
    expect(drawerMenuItems(items, true, ['dashboard', 'orders', 'settings']).map((i) => i.href)).toEqual(['offers']);
    expect(drawerMenuItems(items, false, ['dashboard']).map((i) => i.href)).toEqual(['offers']);
  });

  it('the drawer lists the dashboard once', () => {
    const actor = createActor(disclosureMachine).start();
    actor.send({ type: 'disclosure.opened' });
    renderView(<MobileDrawer actorRef={actor} language="en" items={items} isLoggedIn onLogout={() => {}} />);
    const drawer = screen.getByRole('dialog');
    const links = within(drawer).getAllByRole('link').filter((a) => a.getAttribute('href') === '/en/investor');
    expect(links).toHaveLength(1);
    expect(within(drawer).queryByText('My dashboard')).toBeNull();
    expect(within(drawer).getByRole('link', { name: 'Investments' })).toBeInTheDocument();
  });
});

describe('sticky offer bar on small screens', () => {
  it('keeps the whole title in its own row (no one-line ellipsis), the cost and the button below', () => {
    const full = {
      ...offer(), seoTitle: null, seoDescription: null, createdAt: '2025-01-01', templateName: 'default', properties: [],
      descriptions: [], sections: [], series: [], documents: { general: [], investor: [] }, agreements: [], gallery: [],
      title: 'Domy nad jeziorem w Giżycku',
    } as unknown as Offer;
    renderView(<StickyBar offer={full} visible onInvest={() => {}} />, { language: 'pl' });
    const bar = screen.getByTestId('sticky-bar');
    expect(within(bar).getByText('Domy nad jeziorem w Giżycku')).toBeInTheDocument();
    const css = Array.from(document.querySelectorAll('style')).map((s) => s.textContent).join('\n');
    expect(css).toContain("grid-template-areas:'thumb title title' 'thumb cost action'");
  });
});
