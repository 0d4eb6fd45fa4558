// `useSession`: the server draws a public page for an anonymous visitor (it knows only the cookie that says a
// session exists); the browser that holds the session hydrates that HTML as it is, then draws the visitor.
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createActor, createMachine } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { FirstLoadsContext, type FirstLoads } from '../../src/ssr/firstLoads';
import { AppSystemProvider } from '../../src/system/AppSystemContext';
import type { AppSystem } from '../../src/system/system';
import { useSession } from '../../src/system/useSession';

const ANNA = { role: 'investor', userData: { firstName: 'Anna', lastName: 'Nowak' } };

/** Just the session chart's face the hook reads: a `loggedIn` tag and the user. */
function systemWith(signedIn: boolean) {
  const auth = createActor(
    createMachine({
      initial: signedIn ? 'in' : 'out',
      context: { user: signedIn ? ANNA : null },
      states: { in: { tags: ['loggedIn'] }, out: {} },
    }),
  );
  auth.start();
  return { auth } as unknown as AppSystem;
}

let renders = 0;

function Probe() {
  const { loggedIn, user, pending } = useSession();
  renders += 1;
  return (
    <p data-testid="session">
      <span>{loggedIn ? `in as ${(user as typeof ANNA | null)?.userData.firstName}` : 'anonymous'}</span>
      {pending && <span> (pending)</span>}
    </p>
  );
}

const preferences = { offersListView: false, signedIn: true, cookieChoiceMade: false };
const page = (system: AppSystem, first: FirstLoads | null) => (
  <FirstLoadsContext value={first}>
    <AppSystemProvider system={system}>
      <Probe />
    </AppSystemProvider>
  </FirstLoadsContext>
);

describe('useSession', () => {
  it('answers as the server drew the page while React hydrates it, then with the session', async () => {
    // the server: no session of its own, the cookie says the visitor holds one
    const html = renderToString(page(systemWith(false), { side: 'server', loads: new Map(), preferences }));
    expect(html).toContain('anonymous');
    expect(html).toContain('(pending)');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const serverParagraph = container.firstElementChild;
    const recoverable = vi.fn();
    render(page(systemWith(true), { side: 'client', loads: new Map(), preferences }), { container, hydrate: true, onRecoverableError: recoverable });
    await act(async () => {});
    // hydrated without a mismatch, the server's element kept, and the visitor drawn into it
    expect(recoverable).not.toHaveBeenCalled();
    expect(screen.getByTestId('session')).toBe(serverParagraph);
    expect(screen.getByTestId('session')).toHaveTextContent(/^in as Anna$/);
  });

  it('a cookie that outlived its tokens: hydrated as pending, then the anonymous visitor', async () => {
    const html = renderToString(page(systemWith(false), { side: 'server', loads: new Map(), preferences }));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const recoverable = vi.fn();
    render(page(systemWith(false), { side: 'client', loads: new Map(), preferences }), { container, hydrate: true, onRecoverableError: recoverable });
    await act(async () => {});
    expect(recoverable).not.toHaveBeenCalled();
    expect(screen.getByTestId('session')).toHaveTextContent(/^anonymous$/);
  });

  it('an anonymous visitor the server drew as they are: hydration renders nothing again', async () => {
    const anonymous = { ...preferences, signedIn: false };
    const html = renderToString(page(systemWith(false), { side: 'server', loads: new Map(), preferences: anonymous }));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    renders = 0;
    const recoverable = vi.fn();
    render(page(systemWith(false), { side: 'client', loads: new Map(), preferences: anonymous }), { container, hydrate: true, onRecoverableError: recoverable });
    await act(async () => {});
    expect(recoverable).not.toHaveBeenCalled();
    expect(screen.getByTestId('session')).toHaveTextContent(/^anonymous$/);
    // one render: the hydrating one (a second would be the whole page again, in one task, after hydration)
    expect(renders).toBe(1);
  });

  it('a page the browser renders itself shows the session at once', () => {
    render(page(systemWith(true), null));
    expect(screen.getByTestId('session')).toHaveTextContent(/^in as Anna$/);
  });
});
