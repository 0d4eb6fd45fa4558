// The single offer's rules: SPEC §9 rounding, date ranges, the table's scroll rule, the grid's full-width
// flag, mixcloud detection, the timeline rules and an unknown section type rendering nothing.
import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  commissionPercent,
  commissionValue,
  percentOf,
  plainText,
  remainderPercent,
} from '../../../src/components/sections/format';
import { formatDayMonthYear, formatMoney, formatMonthRange } from '../../../lib/format';
import { isFullWidth, spanOf } from '../../../src/components/sections/grid';
import { isMixcloud, mediaKind } from '../../../src/components/sections/mediaKind';
import { SectionView, SectionsGrid } from '../../../src/components/sections/SectionsGrid';
import { tableScrolls } from '../../../src/components/sections/TableSection';
import { currentIndexOf, timelineArrows, timelineStatus } from '../../../src/components/sections/timeline';
import { chartData } from '../../../src/components/sections/chart';
import { galleryLayout } from '../../../src/components/sections/GallerySection';
import { externalMapUrl, tileTemplateOf, tileProvider, BLANK_TILE } from '../../../src/components/media/mapTiles';
import { firstOpenSeries, investorSharePercent, offerDescription, offerTitle } from '../../../src/features/offer/offerRules';
import { offerApiPath } from '../../../contract/page-data';
import { checkPhone, phoneCountries } from '../../../src/components/forms/phoneLib';
import type { Section } from '../../../src/components/sections/types';
import type { StaticContent } from '../../../src/api/types';
import { theme } from '../../../lib/theme';
import { loadTexts, renderView } from '../layout/render';

const grid = (desktop: number) => ({ mobile: 12, tablet: 12, desktop });

describe('percentages and commission (SPEC §9)', () => {
  it('is 100 × part / total rounded to 2 decimals, with its remainder', () => {
    expect(percentOf(1, 3)).toBe(33.33);
    expect(percentOf(2, 3)).toBe(66.67);
    expect(percentOf(1.005, 100)).toBe(1.01);
    expect(percentOf(5, 0)).toBe(0);
    expect(remainderPercent(1, 3)).toBe(66.67);
  });
  it('investor share of an offer', () => {
    expect(investorSharePercent({ totalCost: 1250000000, developerEquity: 312500000, investorEquity: 937500000 })).toBe(75);
    expect(investorSharePercent({ totalCost: 300, developerEquity: 200, investorEquity: 100 })).toBe(33.33);
  });
  it('commission percent is the fraction × 100 rounded to 2 decimals; value rounded to 2 decimals', () => {
    expect(commissionPercent(0.0125)).toBe(1.25);
    expect(commissionPercent(0.033333)).toBe(3.33);
    expect(commissionValue(12.345)).toBe(12.35);
  });
  it('money is formatted from grosze only at the edge, in the page language', () => {
    expect(formatMoney(1250000000, 'pl').replace(/\s/g, ' ')).toBe('12 500 000,00 zł');
    expect(formatMoney(12345, 'en')).toContain('123.45');
  });
});

describe('dates (SPEC §9)', () => {
  const words = { from: 'from', to: 'to' };
  it('MMM YYYY ranges: start - end, from start, to end', () => {
    expect(formatMonthRange('2025-03-01T00:00:00Z', '2026-09-30T00:00:00Z', 'en', words)).toBe('Mar 2025 - Sept 2026');
    expect(formatMonthRange('2025-03-01T00:00:00Z', null, 'en', words)).toBe('from Mar 2025');
    expect(formatMonthRange(null, '2026-09-30T00:00:00Z', 'en', words)).toBe('to Sept 2026');
    expect(formatMonthRange(null, null, 'en', words)).toBe('');
    expect(formatMonthRange('2025-03-01T00:00:00Z', '2026-09-30T00:00:00Z', 'pl', { from: 'od', to: 'do' })).toBe('mar 2025 - wrz 2026');
  });
  it('end date DD.MM.YYYY', () => {
    expect(formatDayMonthYear('2026-09-30T10:00:00Z')).toBe('30.09.2026');
    expect(formatDayMonthYear(null)).toBe('');
  });
});

describe('sections', () => {
  beforeAll(loadTexts);

  it('a table scrolls with a shadow hint only over 8 rows', () => {
    expect(tableScrolls(8)).toBe(false);
    expect(tableScrolls(9)).toBe(true);
  });

  it('map and timeline 12 columns wide on desktop are full width; nothing else is', () => {
    expect(isFullWidth({ type: 'map', grid: grid(12) })).toBe(true);
    expect(isFullWidth({ type: 'timeline', grid: grid(12) })).toBe(true);
    expect(isFullWidth({ type: 'map', grid: grid(6) })).toBe(false);
    expect(isFullWidth({ type: 'text', grid: grid(12) })).toBe(false);
    expect(isFullWidth({ type: 'map', grid: grid(6), isFullWidth: true } as never)).toBe(true);
    expect(spanOf({ mobile: 0, tablet: 6, desktop: 40 } as never)).toEqual({ mobile: 12, tablet: 6, desktop: 12 });
  });

  it('a url containing mixcloud is audio; local audio files play in <audio>', () => {
    expect(isMixcloud('https://www.mixcloud.com/estate/episode-1/')).toBe(true);
    expect(mediaKind('https://www.mixcloud.com/estate/episode-1/')).toBe('mixcloudEmbed');
    expect(mediaKind('/media/mixcloud-podcast.mp3')).toBe('audio');
    expect(mediaKind('/media/tour.mp4')).toBe('video');
    expect(mediaKind('/media/talk.ogg')).toBe('audio');
    expect(mediaKind('https://youtu.be/abcdefghijk')).toBe('youtube');
  });

  it('timeline: done before the current item, current highlighted, later upcoming; arrows rule', () => {
    const items = ['a', 'b', 'c', 'd', 'e'].map((label, i) => ({ label, current: i === 2 || i === 1 })) as never[];
    expect(currentIndexOf(items)).toBe(2);
    expect([0, 1, 2, 3].map((i) => timelineStatus(i, 2))).toEqual(['done', 'done', 'current', 'upcoming']);
    expect(timelineArrows(4, 'large')).toBe(false);
    expect(timelineArrows(5, 'large')).toBe(true);
    expect(timelineArrows(2, 'small')).toBe(false);
    expect(timelineArrows(3, 'small')).toBe(true);
  });

  it('charts default to the dark green and carry rounded percentages', () => {
    const data = chartData([
      { label: 'A', value: 1, color: null },
      { label: 'B', value: 2, color: '#abcdef' },
    ]);
    expect(data[0].color).toBe(theme.colors.chart);
    expect(data.map((d) => d.percent)).toEqual([33.33, 66.67]);
  });

  it('gallery layouts for 1, 2, 3 and 4+ photos', () => {
    expect([1, 2, 3, 4, 9].map(galleryLayout)).toEqual(['one', 'two', 'three', 'many', 'many']);
  });

  it('an unknown section type renders nothing', () => {
    const unknown = { id: 'x', type: 'hologram', position: 1, title: 'Nope', grid: grid(12) } as unknown as Section;
    const { container } = renderView(<SectionView section={unknown} />);
    expect(container).toBeEmptyDOMElement();
    renderView(<SectionsGrid sections={[unknown]} />);
    expect(screen.queryByTestId('sections')).toBeNull();
  });

  it('a known section renders on its grid cell', () => {
    const text = { id: 't', type: 'text', position: 1, title: 'About', content: '<p>Hi</p>', grid: { mobile: 12, tablet: 6, desktop: 4 } } as Section;
    renderView(<SectionsGrid sections={[text]} />);
    expect(screen.getByRole('heading', { name: 'About' })).toBeInTheDocument();
    expect(screen.getByTestId('section-text')).not.toHaveAttribute('data-full-width');
  });

  describe('a chart, gallery or timeline waits until its place is near the screen', () => {
    afterEach(() => vi.unstubAllGlobals());
    const bars = {
      id: 'b', type: 'barChart', position: 1, title: 'Sales', grid: grid(12),
      elements: [{ label: 'May', value: 55, color: '' }],
    } as unknown as Section;

    it('draws a placeholder far from the screen, and the section once it comes near', async () => {
      const observed: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
            observed.push({ callback, options });
          }
          observe() {}
          disconnect() {}
        },
      );
      renderView(<SectionView section={bars} />);
      expect(screen.getByTestId('section-deferred')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Sales' })).toBeNull();
      // a screen's height ahead of the viewport
      expect(observed[0].options?.rootMargin).toBe('100% 0px');
      await act(async () => observed[0].callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
      expect(screen.queryByTestId('section-deferred')).toBeNull();
      expect(await screen.findByRole('heading', { name: 'Sales' })).toBeInTheDocument();
    });

    it('a text section is drawn at once', () => {
      vi.stubGlobal('IntersectionObserver', class { observe() {} disconnect() {} });
      const text = { id: 't', type: 'text', position: 1, title: 'About', content: '<p>Hi</p>', grid: grid(12) } as Section;
      renderView(<SectionView section={text} />);
      expect(screen.getByRole('heading', { name: 'About' })).toBeInTheDocument();
      expect(screen.queryByTestId('section-deferred')).toBeNull();
    });
  });

  it('the unlock-details prompt hides for a logged-in visitor', async () => {
    const { SectionEnvironmentContext } = await import('../../../src/components/sections/SectionContext');
    const s = {
      id: 'u', type: 'unlockDetails', position: 1, title: null, grid: grid(12),
      unlockDetailsSectionDescription: '<p>Log in to see more</p>', unlockDetailsSectionButtonText: 'Log in', unlockDetailsSectionButtonLink: '/en/login',
    } as Section;
    const guest = renderView(<SectionView section={s} />);
    expect(screen.getByText('Log in to see more')).toBeInTheDocument();
    guest.unmount();
    renderView(
      <SectionEnvironmentContext.Provider value={{ tileTemplate: null, loggedIn: true }}>
        <SectionView section={s} />
      </SectionEnvironmentContext.Provider>,
    );
    expect(screen.queryByText('Log in to see more')).toBeNull();
  });
});

describe('maps: tiles only when configured', () => {
  const content = (children: Record<string, string>): StaticContent => ({
    content: {
      integrations: {
        content: null, imageUrl: null, alt: null, position: 0,
        children: Object.fromEntries(Object.entries(children).map(([k, v]) => [k, { content: v, imageUrl: null, alt: null, position: 0, children: {} }])),
      },
    },
    menus: { header: [], footer: [] },
    socialMedia: [],
  });
  it('uses no third-party tiles by default', () => {
    expect(tileTemplateOf(content({ mapsKey: '' }))).toBeNull();
    expect(tileTemplateOf(null)).toBeNull();
    expect(tileProvider(null)(1, 2, 3)).toBe(BLANK_TILE);
  });
  it('uses the configured tile template or key', () => {
    expect(tileProvider(tileTemplateOf(content({ mapsTileUrl: '/tiles/{z}/{x}/{y}.png' })))(1, 2, 3)).toBe('/tiles/3/1/2.png');
    expect(tileTemplateOf(content({ mapsKey: 'k1' }))).toContain('key=k1');
  });
  it('view on map opens a latitude,longitude query', () => {
    expect(externalMapUrl(52.2297, 21.0122)).toContain('query=52.2297%2C21.0122');
  });
});

describe('offer rules', () => {
  it('title and description fallbacks', () => {
    expect(offerTitle({ seoTitle: 'SEO', title: 'T' }, 'Investments')).toBe('SEO');
    expect(offerTitle({ seoTitle: '', title: 'T' }, 'Investments')).toBe('T');
    expect(offerTitle({ seoTitle: null, title: null }, 'Investments')).toBe('Investments');
    expect(offerDescription({ seoDescription: null, mainDescription: '<p>Nice <b>house</b></p>' })).toBe('Nice house');
    expect(plainText('<p>a</p>  <p>b</p>')).toBe('a b');
  });
  it('price and minimum come from the first open series', () => {
    const s = (id: string, isOpen: boolean) => ({ id, isOpen }) as never;
    expect(firstOpenSeries({ series: [s('a', false), s('b', true), s('c', true)] })?.id).toBe('b');
    expect(firstOpenSeries({ series: [s('a', false)] })).toBeNull();
  });
  it('a nested slug keeps its slash', () => {
    expect(offerApiPath('osiedle/etap 2')).toBe('/offers/osiedle/etap%202');
  });
  it('phone: invalid only when non-empty and not valid for the country (PL when none is chosen)', () => {
    expect(checkPhone('', 'PL')).toBeNull();
    expect(checkPhone('501 234 567', 'PL')).toBeNull();
    expect(checkPhone('501 234 567', '')).toBeNull();
    expect(checkPhone('123', 'PL')).toBe('PHONE_NUMBER_NOT_VALID');
    expect(checkPhone('20 7946 0958', 'gb')).toBeNull();
  });
  it('phone countries: named in the page language with the calling code, sorted by name', () => {
    const pl = phoneCountries('pl').find((c) => c.code === 'PL');
    expect(pl?.label).toBe('Polska (+48)');
    const labels = phoneCountries('en').map((c) => c.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
