// The public pages inside the real app (createAppSystem + <App>) on a fake server: offers list (requests,
// count, tile/list toggle remembered, page above the total, empty state, failure, offer links' origin),
// home (featured block hidden on empty, slice rule, slider button for guests), FAQ and about.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StaticContent } from '../../../src/api/types';
import type { OfferSummary } from '../../../src/components/offers/types';
import { offerSummary } from '../../support/offers';
import { loadAllDictionaries, renderApp, settle, STATIC_CONTENT, type AppHarness } from '../../model/support/app';

const offer = (n: number, thumb = true) => offerSummary(n, { thumbUrl: thumb ? `/media/o${n}.svg` : null, isOpen: n % 2 === 1 });

const ALL = Array.from({ length: 8 }, (_, i) => offer(i + 1));

function serveOffers(h: AppHarness, all: OfferSummary[] = ALL) {
  h.fake.on('GET', '/offers', (call) => {
    const q = new URL(call.url, 'http://x').searchParams;
    const size = Number(q.get('pagination[pageSize]'));
    const page = Number(q.get('pagination[pageNumber]'));
    const totalPages = Math.ceil(all.length / size);
    return {
      data: { items: all.slice((page - 1) * size, page * size), pagination: { pageSize: size, pageNumber: page, totalItems: all.length, totalPages } },
    };
  });
}

const node = (content: string | null, children: Record<string, unknown> = {}, imageUrl: string | null = null) => ({
  content,
  imageUrl,
  alt: imageUrl ? 'alt text' : null,
  position: 0,
  children,
});

let h: AppHarness | null = null;
afterEach(() => {
  h?.unmount();
  h = null;
});

async function open(path: string, setup?: (h: AppHarness) => void) {
  // the fake server's routes are set before the app starts: boot's requests go out as it renders
  h = renderApp({ path, storedLanguage: path.startsWith('/pl') ? 'pl' : 'en', server: (fake) => setup?.({ fake } as AppHarness) });
  await settle(6);
  return h;
}

const offersRequests = () => h!.fake.calls.filter((c) => c.path === '/offers').map((c) => new URL(c.url, 'http://x').search);

describe('offers list', () => {
  beforeAll(loadAllDictionaries);

  it('asks for page 1 of 6, shows the count and the cards; offer links carry the list page as origin', async () => {
    await open('/en/investments', (x) => serveOffers(x));
    expect(offersRequests()[0]).toContain('pagination%5BpageSize%5D=6');
    expect(offersRequests()[0]).toContain('pagination%5BpageNumber%5D=1');
    expect(screen.getByRole('heading', { level: 1, name: 'Investments' })).toBeInTheDocument();
    expect(screen.getByTestId('offers-count')).toHaveTextContent('8 investments');
    expect(screen.getAllByTestId('offer-card')).toHaveLength(6);
    const link = screen.getByRole('link', { name: 'Check available houses: Offer 1' });
    expect(link).toHaveAttribute('href', '/en/investment/offer-1');
    act(() => {
      fireEvent.click(link);
    });
    expect(window.location.pathname).toBe('/en/investment/offer-1');
    expect(window.history.state).toEqual({ from: '/en/investments' });
  });

  it('remembers the list view in local storage', async () => {
    await open('/en/investments', (x) => serveOffers(x));
    const tiles = screen.getByRole('button', { name: 'Tiles' });
    const list = screen.getByRole('button', { name: 'List' });
    expect(tiles).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(list);
    expect(list).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('isListView')).toBe('true');
    h!.unmount();
    h = null;
    localStorage.setItem('isListView', 'true');
    await open('/en/investments', (x) => serveOffers(x));
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('reads items from the query, pages with it and drops it at 6', async () => {
    await open('/en/investments?items=9', (x) => serveOffers(x));
    expect(offersRequests()[0]).toContain('pagination%5BpageSize%5D=9');
    expect(screen.getAllByTestId('offer-card')).toHaveLength(8);
    expect(screen.getByLabelText('Investments per page')).toHaveValue('9');
    fireEvent.change(screen.getByLabelText('Investments per page'), { target: { value: '6' } });
    await settle(4);
    expect(h!.location()).toBe('/en/investments');
    fireEvent.click(screen.getByRole('link', { name: 'Page 2' }));
    await settle(4);
    expect(h!.location()).toBe('/en/investments/page/2');
    expect(screen.getAllByTestId('offer-card')).toHaveLength(2);
    expect(offersRequests().at(-1)).toContain('pagination%5BpageNumber%5D=2');
  });

  it('/page/1 and /page/abc are replaced by the list\'s own address (size and query kept); page numbers are links', async () => {
    await open('/en/investments/page/1?items=9', (x) => serveOffers(x));
    await settle(4);
    expect(h!.location()).toBe('/en/investments?items=9');
    h!.unmount();
    h = null;
    await open('/en/investments/page/abc', (x) => serveOffers(x));
    await settle(4);
    expect(h!.location()).toBe('/en/investments');
    expect(screen.getAllByTestId('offer-card')).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/en/investments/page/2');
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('a page above the total is replaced by the last page', async () => {
    await open('/en/investments/page/9', (x) => serveOffers(x));
    await settle(4);
    expect(h!.location()).toBe('/en/investments/page/2');
    expect(screen.getAllByTestId('offer-card')).toHaveLength(2);
  });

  it('with one page, a page above it goes to the first-page route', async () => {
    await open('/pl/inwestycje/strona/3?items=12', (x) => serveOffers(x));
    await settle(4);
    expect(h!.location()).toBe('/pl/inwestycje?items=12');
    expect(screen.getByTestId('offers-count')).toHaveTextContent('8 inwestycji');
  });

  it('no offers and no pages: an empty state with a link home, and no paging', async () => {
    await open('/en/investments', (x) => serveOffers(x, []));
    const empty = screen.getByTestId('offers-empty');
    expect(within(empty).getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', '/en/');
    expect(screen.queryByTestId('pagination')).toBeNull();
  });

  it('a failure shows the not-found page', async () => {
    await open('/en/investments', (x) => x.fake.on('GET', '/offers', () => ({ status: 500, errors: [{ code: 'INTERNAL_ERROR', context: '', message: 'boom' }] })));
    expect(screen.queryByTestId('page-offers')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found');
  });
});

describe('home, FAQ and about', () => {
  beforeAll(loadAllDictionaries);

  const content = (extra: Record<string, unknown>): StaticContent => ({
    ...STATIC_CONTENT,
    content: { ...STATIC_CONTENT.content, ...extra } as StaticContent['content'],
  });

  it('home: the featured block shows the homepage slice, and is hidden on an empty answer', async () => {
    await open('/en/', (x) => {
      x.fake.on('GET', '/offer/featured', () => ({
        data: { listName: 'homepage', title: 'Featured', description: '', offers: [offer(1, false), offer(2), offer(3), offer(4), offer(5)] },
      }));
      x.fake.on('GET', '/faq/featured', () => ({ data: [] }));
    });
    const block = screen.getByTestId('home-featured');
    expect(within(block).getAllByTestId('offer-card').map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Offer 2',
      'Offer 3',
      'Offer 4',
    ]);
    expect(screen.queryByTestId('home-faq')).toBeNull();
    h!.unmount();
    h = null;
    await open('/en/', (x) => {
      x.fake.on('GET', '/offer/featured', () => ({ data: { listName: 'homepage', title: 'Featured', description: '', offers: [] } }));
    });
    expect(screen.queryByTestId('home-featured')).toBeNull();
  });

  it('home: the slider shows the guest button for a guest, sections skip blank copy', async () => {
    await open('/en/', (x) => {
      x.fake.on('GET', '/slider', () => ({
        data: [
          {
            id: 's1', fileType: 'image', imageUrl: '/media/s1.svg', name: 'Homes', content: '<h2>Homes</h2>', shadowOverlay: true,
            guestButtonLabel: 'Create an account', guestButtonUrl: 'register', loggedUserButtonLabel: 'See investments', loggedUserButtonUrl: 'offers',
          },
        ],
      }));
      x.fake.on('GET', '/static-content', () => ({
        data: content({
          homepage: node(null, {
            card: node(null, { title: node('<p>&nbsp;</p>'), text: node('<br>') }),
            tiles: node(null, { t1: node(null, { title: node('Tile one'), text: node('Text') }) }),
          }),
        }),
      }));
    });
    const slider = screen.getByTestId('hero-slider');
    expect(within(slider).getByRole('img', { name: 'Homes' })).toBeInTheDocument();
    expect(within(slider).getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/en/register');
    expect(within(slider).queryByRole('link', { name: 'See investments' })).toBeNull();
    expect(within(slider).queryByRole('button', { name: 'Next slide' })).toBeNull();
    expect(screen.getByTestId('slide-shadow')).toBeInTheDocument();
    expect(screen.queryByTestId('home-card')).toBeNull();
    expect(screen.getByTestId('home-tiles')).toHaveTextContent('Tile one');
  });

  it('FAQ: one item open at a time; no items gives a contact call to action', async () => {
    await open('/en/faq', (x) =>
      x.fake.on('GET', '/faq', () => ({
        data: [
          { id: 'q1', question: 'What is a share?', answer: '<p>A part.</p>' },
          { id: 'q2', question: 'How do I pay?', answer: '<p>By transfer.</p>' },
        ],
      })),
    );
    const q1 = screen.getByRole('button', { name: 'What is a share?' });
    const q2 = screen.getByRole('button', { name: 'How do I pay?' });
    fireEvent.click(q1);
    expect(q1).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(q2);
    expect(q1).toHaveAttribute('aria-expanded', 'false');
    expect(q2).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(q2);
    expect(q2).toHaveAttribute('aria-expanded', 'false');
    h!.unmount();
    h = null;
    await open('/pl/faq', (x) => x.fake.on('GET', '/faq', () => ({ data: [] })));
    expect(within(screen.getByTestId('faq-empty')).getByRole('link')).toHaveAttribute('href', '/pl/kontakt');
  });

  it('about: footer band button is disabled without a url, and the band hides when empty', async () => {
    const about = (footer: Record<string, unknown>) =>
      content({
        about: node(null, {
          title: node('About Estate Shares'),
          about: node(null, { text: node('<p>We build.</p>'), image: node(null, {}, '/media/logo.svg') }),
          projects: node(null, { p1: node(null, { title: node('Green Terraces'), text: node('48 flats') }) }),
          footer: node(null, footer),
        }),
      });
    await open('/en/about-us', (x) =>
      x.fake.on('GET', '/static-content', () => ({ data: about({ title: node('Ready?'), buttonText: node('See investments') }) })),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'About Estate Shares' })).toBeInTheDocument();
    expect(screen.getByTestId('about-project')).toHaveTextContent('Green Terraces');
    expect(within(screen.getByTestId('about-footer')).getByRole('button', { name: 'See investments' })).toBeDisabled();
    h!.unmount();
    h = null;
    await open('/en/about-us', (x) => x.fake.on('GET', '/static-content', () => ({ data: about({ title: node(''), subtitle: node('<p> </p>') }) })));
    await waitFor(() => expect(screen.getByTestId('page-about')).toBeInTheDocument());
    expect(screen.queryByTestId('about-footer')).toBeNull();
  });
});
