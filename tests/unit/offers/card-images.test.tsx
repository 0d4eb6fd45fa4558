// The cards of a list above the fold load their images eagerly, and the list's first card image (its LCP
// element, preloaded by the server: server/pages/spaHtml.ts) with fetchpriority="high"; the rest stay lazy.
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { OffersGrid } from '../../../src/components/offers/OffersGrid';
import type { OfferSummary } from '../../../src/components/offers/types';
import { aboveTheFoldCount } from '../../../src/components/offers/useScreen';
import { loadTexts, renderView } from '../layout/render';

beforeAll(loadTexts);

const offer = (i: number): OfferSummary => ({
  id: `o${i}`,
  slug: { pl: `oferta-${i}`, en: `offer-${i}` },
  title: `Offer ${i}`,
  mainDescription: '<p>Text.</p>',
  thumbUrl: `/media/thumb-${i}.jpg`,
  imageUrl: `/media/image-${i}.jpg`,
  projectType: null,
  isOpen: true,
  badges: [],
  investmentStart: null,
  investmentEnd: null,
  address: null,
  totalCost: 100_000_000,
  developerEquity: 25_000_000,
  investorEquity: 75_000_000,
  pricePerShare: 50_000,
  minimumInvestment: 500_000,
  projectedReturnBasisPoints: 850,
  funding: { raised: 0, target: 500_000, percent: 0 },
  status: 'open',
});
const offers = [1, 2, 3, 4, 5].map(offer);

const images = () =>
  screen.getAllByRole('img').map((img) => ({ src: img.getAttribute('src'), loading: img.getAttribute('loading'), priority: img.getAttribute('fetchpriority') }));

describe('offer cards above the fold', () => {
  it('the offers list: the first card eager with high priority, the rest of the first row eager, then lazy', () => {
    renderView(<OffersGrid offers={offers} language="en" eager={3} priority />);
    expect(images()).toEqual([
      { src: '/media/thumb-1.jpg', loading: 'eager', priority: 'high' },
      { src: '/media/thumb-2.jpg', loading: 'eager', priority: null },
      { src: '/media/thumb-3.jpg', loading: 'eager', priority: null },
      { src: '/media/thumb-4.jpg', loading: 'lazy', priority: null },
      { src: '/media/thumb-5.jpg', loading: 'lazy', priority: null },
    ]);
  });

  it('home featured offers: eager without high priority (the first slide is the LCP); by default all lazy', () => {
    const { unmount } = renderView(<OffersGrid offers={offers.slice(0, 3)} language="en" eager={2} />);
    expect(images().map((i) => [i.loading, i.priority])).toEqual([
      ['eager', null],
      ['eager', null],
      ['lazy', null],
    ]);
    unmount();
    renderView(<OffersGrid offers={offers.slice(0, 2)} language="en" />);
    expect(images().map((i) => i.loading)).toEqual(['lazy', 'lazy']);
  });

  it('the card image is the thumbnail, the URL the server preloads for a list page', () => {
    renderView(<OffersGrid offers={offers.slice(0, 1)} language="en" priority />);
    expect(images()).toEqual([{ src: '/media/thumb-1.jpg', loading: 'eager', priority: 'high' }]);
  });

  it('counts the first row: one card on small screens, two or three tiles, two rows of the list view', () => {
    expect(aboveTheFoldCount('small')).toBe(1);
    expect(aboveTheFoldCount('small', 'list')).toBe(1);
    expect(aboveTheFoldCount('medium')).toBe(2);
    expect(aboveTheFoldCount('large')).toBe(3);
    expect(aboveTheFoldCount('large', 'list')).toBe(2);
  });
});
