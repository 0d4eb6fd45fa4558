// The counter section: it counts once it is in view, and shows the final number at once where there is nothing
// to animate (no duration, reduced motion) or nothing to observe with (no IntersectionObserver).
import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import CounterSection from '../../../src/components/sections/CounterSection';
import type { SectionOf } from '../../../src/components/sections/types';
import { loadTexts, renderView } from '../layout/render';

const section = (animationDuration: number): SectionOf<'counter'> => ({
  id: 'c',
  type: 'counter',
  position: 1,
  title: 'Figures',
  grid: { mobile: 12, tablet: 12, desktop: 12 },
  animationDuration,
  elements: [{ position: 1, countFrom: 3, countTo: 42, label: 'Investors', subLabel: null, color: null }],
});

/** The number drawn on screen (the visually hidden final number is what assistive technology reads). */
const shown = () => screen.getByText('Investors').parentElement!.querySelector('strong')!.textContent;

function reducedMotion(on: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: on && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

/** An IntersectionObserver whose entries the test hands out. */
function observer() {
  const callbacks: IntersectionObserverCallback[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return {
    scrollIntoView: () =>
      act(() => callbacks.forEach((c) => c([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver))),
  };
}

describe('counter section', () => {
  beforeAll(loadTexts);
  afterEach(() => vi.unstubAllGlobals());

  it('without an IntersectionObserver it is in view at once: no duration shows the final number', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    reducedMotion(false);
    renderView(<CounterSection section={section(0)} />);
    expect(shown()).toBe('42');
  });

  it('counts from its first number once scrolled into view, to the final one', async () => {
    const io = observer();
    reducedMotion(false);
    renderView(<CounterSection section={section(0.05)} />);
    expect(shown()).toBe('3');
    io.scrollIntoView();
    await vi.waitFor(() => expect(shown()).toBe('42'));
  });

  it('with reduced motion it shows the final number as soon as it is in view, without counting', () => {
    const io = observer();
    reducedMotion(true);
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    renderView(<CounterSection section={section(2.5)} />);
    expect(shown()).toBe('3');
    io.scrollIntoView();
    expect(shown()).toBe('42');
    expect(frames).not.toHaveBeenCalled();
  });
});
