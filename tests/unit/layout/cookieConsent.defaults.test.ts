// The browser's cookie effects of the consent machine (src/components/layout/browserEffects.ts): what a browser gets.
import { createActor, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_DISMISS_DAYS } from '../../../machines/cookieConsent.machine';
import { browserCookieConsentMachine as cookieConsentMachine } from '../../../src/components/layout/browserEffects';
import { CONSENT_COOKIES } from '../../../contract/page-data';

function cookieWrites() {
  const proto = Object.getPrototypeOf(document) as Document;
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  const writes: string[] = [];
  const spy = vi.spyOn(proto, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
    writes.push(value);
    descriptor.set!.call(this, value);
  });
  return { writes, spy };
}

const expiresOf = (cookie: string) => new Date(/expires=([^;]+)/.exec(cookie)![1]);

describe('cookie consent, default effects', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    for (const key of Object.values(CONSENT_COOKIES)) document.cookie = `${key}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });

  it('shows the banner when neither cookie exists', async () => {
    const actor = createActor(cookieConsentMachine).start();
    await waitFor(actor, (s) => !s.matches('checking'));
    expect(actor.getSnapshot().hasTag('bannerVisible')).toBe(true);
  });

  it.each([CONSENT_COOKIES.accepted, CONSENT_COOKIES.declined, CONSENT_COOKIES.dismissed])('stays hidden when %s exists', async (key) => {
    document.cookie = `${key}=1; path=/`;
    const actor = createActor(cookieConsentMachine).start();
    await waitFor(actor, (s) => !s.matches('checking'));
    expect(actor.getSnapshot().value).toBe('hidden');
  });

  it('accepting writes the accept cookie with a far-future expiry', async () => {
    const { writes } = cookieWrites();
    const actor = createActor(cookieConsentMachine).start();
    await waitFor(actor, (s) => s.matches('visible'));
    actor.send({ type: 'cookies.accepted' });
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(new RegExp(`^${CONSENT_COOKIES.accepted}=1;`));
    expect(expiresOf(writes[0]).getUTCFullYear()).toBeGreaterThanOrEqual(9999);
    expect(document.cookie).toContain(`${CONSENT_COOKIES.accepted}=1`);
  });

  it('declining is kept like accepting: the decline cookie with a far-future expiry', async () => {
    const { writes } = cookieWrites();
    const actor = createActor(cookieConsentMachine).start();
    await waitFor(actor, (s) => s.matches('visible'));
    actor.send({ type: 'cookies.declined' });
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(new RegExp(`^${CONSENT_COOKIES.declined}=1;`));
    expect(expiresOf(writes[0]).getUTCFullYear()).toBeGreaterThanOrEqual(9999);
  });

  it('dismissing writes the dismiss cookie for 7 days', async () => {
    const { writes } = cookieWrites();
    const actor = createActor(cookieConsentMachine).start();
    await waitFor(actor, (s) => s.matches('visible'));
    const now = Date.now();
    actor.send({ type: 'cookies.dismissed' });
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(new RegExp(`^${CONSENT_COOKIES.dismissed}=1;`));
    const days = (expiresOf(writes[0]).getTime() - now) / 86_400_000;
    expect(days).toBeGreaterThan(COOKIE_DISMISS_DAYS - 0.01);
    expect(days).toBeLessThan(COOKIE_DISMISS_DAYS + 0.01);
  });
});
