// Focus after navigation and after a form's errors (src/components/layout/RouteFocus.tsx), and busy buttons
// that keep focus (src/components/ui/Button.tsx).
import { act, fireEvent, screen } from '@testing-library/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FormErrorFocus, RouteFocus } from '../../../src/components/layout/RouteFocus';
import { Button } from '../../../src/components/ui/Button';
import { loadTexts, renderView } from './render';

/** A page whose heading shows at once, or only after its data "loads" (`late`). */
function Pages({ late = false }: { late?: boolean }) {
  const [location] = useLocation();
  const [loaded, setLoaded] = useState(!late);
  useEffect(() => {
    if (!late) return undefined;
    setLoaded(false);
    const timer = setTimeout(() => setLoaded(true), 50);
    return () => clearTimeout(timer);
  }, [location, late]);
  return (
    <main>
      {loaded ? <h1>{location === '/en/' ? 'Home' : 'Offers'}</h1> : <p>Loading…</p>}
      <Link href="/en/offers">To offers</Link>
      <Link href="/en/">To home</Link>
      <input aria-label="Search" />
    </main>
  );
}

describe('route focus', () => {
  beforeAll(loadTexts);

  it('leaves the first page alone, then focuses the new page’s heading after each navigation', () => {
    renderView(
      <>
        <RouteFocus />
        <Pages />
      </>,
    );
    expect(document.activeElement).toBe(document.body);
    const link = screen.getByRole('link', { name: 'To offers' });
    link.focus();
    fireEvent.click(link);
    const heading = screen.getByRole('heading', { name: 'Offers' });
    expect(document.activeElement).toBe(heading);
    // focusable from script only, not a tab stop
    expect(heading).toHaveAttribute('tabindex', '-1');
    fireEvent.click(screen.getByRole('link', { name: 'To home' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Home' }));
  });

  it('waits for a heading drawn after the data arrives, unless the user has moved on', async () => {
    vi.useFakeTimers();
    try {
      renderView(
        <>
          <RouteFocus />
          <Pages late />
        </>,
      );
      await act(async () => vi.advanceTimersByTime(60));
      const link = screen.getByRole('link', { name: 'To offers' });
      link.focus();
      fireEvent.click(link);
      expect(screen.queryByRole('heading')).toBeNull();
      await act(async () => vi.advanceTimersByTime(60));
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Offers' }));

      fireEvent.click(screen.getByRole('link', { name: 'To home' }));
      screen.getByRole('textbox', { name: 'Search' }).focus();
      await act(async () => vi.advanceTimersByTime(60));
      expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Search' }));
    } finally {
      vi.useRealTimers();
    }
  });
});

function ServerCheckedForm() {
  const [errors, setErrors] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    // the "server" answers later: the second field is wrong
    setTimeout(() => {
      setBusy(false);
      setErrors({ city: true });
    }, 20);
  };
  return (
    <form onSubmit={submit}>
      <input aria-label="Name" aria-invalid={Boolean(errors.name)} />
      <input aria-label="City" aria-invalid={Boolean(errors.city)} />
      <Button type="submit" busy={busy}>
        {busy ? 'Checking…' : 'Next'}
      </Button>
    </form>
  );
}

describe('form errors and busy buttons', () => {
  beforeAll(loadTexts);

  it('the busy button keeps focus and refuses clicks; the first invalid field gets focus when errors come', async () => {
    renderView(
      <>
        <FormErrorFocus />
        <ServerCheckedForm />
      </>,
    );
    const next = screen.getByRole('button', { name: 'Next' });
    next.focus();
    fireEvent.click(next);
    const busy = screen.getByRole('button', { name: 'Checking…' });
    expect(busy).toBe(next);
    expect(busy).toBeEnabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(document.activeElement).toBe(busy);
    // a second press while busy submits nothing
    const submitted = vi.fn((e: Event) => e.preventDefault());
    busy.closest('form')!.addEventListener('submit', submitted);
    fireEvent.click(busy);
    expect(submitted).not.toHaveBeenCalled();
    await act(() => new Promise((r) => setTimeout(r, 60)));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'City' }));
  });
});
