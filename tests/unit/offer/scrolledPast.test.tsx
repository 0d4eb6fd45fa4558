// The observer hooks read where the element is now: a busy page (hydrating, a long task) can be handed several of
// an element's entries in one callback, oldest first, and the last one is the current position. The offer's
// sticky bar (useScrolledPast) and the sections drawn when near (useInView) both follow it.
import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInView } from '../../../src/components/sections/useInView';
import { useScrolledPast } from '../../../src/features/offer/useScrolledPast';

let callbacks: IntersectionObserverCallback[] = [];
beforeEach(() => {
  callbacks = [];
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
});
afterEach(() => vi.unstubAllGlobals());

/** An entry of the observed element: in the (stretched) root or not, its top relative to the viewport. */
const entry = (isIntersecting: boolean, top: number) =>
  ({ isIntersecting, boundingClientRect: { top } as DOMRectReadOnly }) as IntersectionObserverEntry;
const deliver = (...entries: IntersectionObserverEntry[]) =>
  act(() => callbacks.forEach((callback) => callback(entries, {} as IntersectionObserver)));

function Past() {
  const ref = useRef<HTMLDivElement>(null);
  return <div ref={ref} data-testid="box" data-past={useScrolledPast(ref)} />;
}

function Near() {
  const ref = useRef<HTMLDivElement>(null);
  return <div ref={ref} data-testid="box" data-near={useInView(ref)} />;
}

describe('useScrolledPast', () => {
  it('follows the crossings one by one', async () => {
    render(<Past />);
    await deliver(entry(true, 300));
    expect(screen.getByTestId('box')).toHaveAttribute('data-past', 'false');
    await deliver(entry(false, -500));
    expect(screen.getByTestId('box')).toHaveAttribute('data-past', 'true');
    await deliver(entry(true, 100));
    expect(screen.getByTestId('box')).toHaveAttribute('data-past', 'false');
  });

  it('a jump scroll delivered with the initial entry in one callback: scrolled past', async () => {
    render(<Past />);
    await deliver(entry(true, 300), entry(false, -500));
    expect(screen.getByTestId('box')).toHaveAttribute('data-past', 'true');
  });

  it('scrolled past and back in one callback: not past', async () => {
    render(<Past />);
    await deliver(entry(false, -500), entry(true, 40));
    expect(screen.getByTestId('box')).toHaveAttribute('data-past', 'false');
  });
});

describe('useInView', () => {
  it('out of view, then near, in one callback: in view', async () => {
    render(<Near />);
    await deliver(entry(false, 2000), entry(true, 400));
    expect(screen.getByTestId('box')).toHaveAttribute('data-near', 'true');
  });

  it('near, then scrolled away, in one callback: not in view', async () => {
    render(<Near />);
    await deliver(entry(true, 400), entry(false, -2000));
    expect(screen.getByTestId('box')).toHaveAttribute('data-near', 'false');
  });
});
