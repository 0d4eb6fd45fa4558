import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Dialog } from '../../../src/components/ui/Dialog';
import { FullScreenLoader } from '../../../src/components/ui/FullScreenLoader';
import { cleanServerHtml } from '../../../src/components/ui/ServerHtml';
import { Spinner } from '../../../src/components/ui/Spinner';
import { pageTitle, usePageTitle } from '../../../src/components/ui/usePageTitle';
import { unregisterServiceWorkers } from '../../../src/components/layout/serviceWorkers';
import { loadTexts, renderView } from './render';

describe('UI primitives', () => {
  beforeAll(loadTexts);
  afterEach(() => vi.restoreAllMocks());

  it('Spinner is a labelled status, 40 px by default', () => {
    renderView(<Spinner />);
    const status = screen.getByRole('status', { name: 'Loading…' });
    const ring = status.firstElementChild as HTMLElement;
    expect(getComputedStyle(ring).width).toBe('40px');
  });

  it('FullScreenLoader locks body scroll while shown', () => {
    const { unmount } = renderView(<FullScreenLoader />);
    expect(document.body).toHaveClass('scroll-locked');
    expect(screen.getByRole('status')).toBeInTheDocument();
    unmount();
    expect(document.body).not.toHaveClass('scroll-locked');
  });

  it('two scroll locks release only when both are gone', () => {
    function Two() {
      const [second, setSecond] = useState(true);
      return (
        <>
          <FullScreenLoader />
          {second && <FullScreenLoader />}
          <button type="button" onClick={() => setSecond(false)}>drop</button>
        </>
      );
    }
    const { unmount } = renderView(<Two />);
    fireEvent.click(screen.getByRole('button', { name: 'drop' }));
    expect(document.body).toHaveClass('scroll-locked');
    unmount();
    expect(document.body).not.toHaveClass('scroll-locked');
  });

  it('Dialog: labelled, focus moves in, Tab stays in, Escape closes, focus returns', () => {
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>open it</button>
          <Dialog open={open} onClose={() => setOpen(false)} title="Hello">
            <a href="#a">first</a>
          </Dialog>
        </>
      );
    }
    renderView(<Harness />);
    const opener = screen.getByRole('button', { name: 'open it' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Hello' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('link', { name: 'first' })).toHaveFocus();
    expect(document.body).toHaveClass('scroll-locked');
    // Tab from the last focusable wraps to the first
    screen.getByRole('button', { name: 'Close' }).focus();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Close' }), { key: 'Tab' });
    expect(screen.getByRole('link', { name: 'first' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('link', { name: 'first' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    expect(document.body).not.toHaveClass('scroll-locked');
  });

  it('page titles get " | " + site SEO title when given', () => {
    expect(pageTitle('Investments', 'Estate Shares')).toBe('Investments | Estate Shares');
    expect(pageTitle('Investments', '')).toBe('Investments');
    expect(pageTitle('Investments')).toBe('Investments');
    function P({ title, site }: { title: string; site?: string }) {
      usePageTitle(title, site);
      return null;
    }
    const { rerender } = render(<P title="FAQ" site="Estate Shares" />);
    expect(document.title).toBe('FAQ | Estate Shares');
    rerender(<P title="About" />);
    expect(document.title).toBe('About');
  });

  it('server HTML is cleaned of scripts, handlers and javascript: links', () => {
    const html = cleanServerHtml(
      '<p onclick="x()">Hi <a href="javascript:alert(1)">x</a><a href="/ok">ok</a></p><script>1</script><iframe></iframe>',
    );
    expect(html).toBe('<p>Hi <a>x</a><a href="/ok">ok</a></p>');
  });

  it('unregisters every service worker', async () => {
    const unregister = vi.fn(async () => true);
    const container = { getRegistrations: async () => [{ unregister }, { unregister }] } as never;
    await expect(unregisterServiceWorkers(container)).resolves.toBe(2);
    expect(unregister).toHaveBeenCalledTimes(2);
    await expect(unregisterServiceWorkers(undefined)).resolves.toBe(0);
    const failing = { getRegistrations: async () => Promise.reject(new Error('denied')) } as never;
    await expect(unregisterServiceWorkers(failing)).resolves.toBe(0);
  });
});
