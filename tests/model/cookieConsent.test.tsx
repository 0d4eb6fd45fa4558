// Model-based test of the cookie consent chart against the rendered CookieBanner: every shortest path
// of the chart is played by a user (clicks) and by the injected cookie read, and each state is checked
// on screen. The cookie writes are recorded instead of touching document.cookie.
import { act, fireEvent, screen } from '@testing-library/react';
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cookieConsentMachine,
  type ConsentCookies,
  type CookieConsentActorRef,
} from '../../machines/cookieConsent.machine';
import { CookieBanner } from '../../src/components/layout/CookieBanner';
import {
  byValueAnd,
  createMachineTestModel,
  deferredActor,
  expectFullCoverage,
  machineCoverage,
  printCoverage,
  type DeferredActor,
} from '../support/model';
import { loadTexts, renderView } from '../unit/layout/render';

const TITLE = 'We value your privacy';
const DESCRIPTION = '<p>We use <strong>cookies</strong> to run this site. <a href="/en/privacy-policy">Privacy policy</a></p>';

// Payload variants: what the cookie read may find (accepted, declined or dismissed earlier, or nothing).
const events = [
  { type: 'xstate.done.actor.readConsentCookies', output: { accepted: false, declined: false, dismissed: false } },
  { type: 'xstate.done.actor.readConsentCookies', output: { accepted: true, declined: false, dismissed: false } },
  { type: 'xstate.done.actor.readConsentCookies', output: { accepted: false, declined: true, dismissed: false } },
  { type: 'xstate.done.actor.readConsentCookies', output: { accepted: false, declined: false, dismissed: true } },
  { type: 'xstate.error.actor.readConsentCookies', error: new Error('cookies blocked') },
  { type: 'cookies.accepted' },
  { type: 'cookies.declined' },
  { type: 'cookies.dismissed' },
] as never[];

// Key by state value and the arriving transition, plus the payload, so every variant gets its own path.
const byValue = byValueAnd();
const serializeState = (state: AnyMachineSnapshot, event?: EventObject, prev?: AnyMachineSnapshot) =>
  byValue(state, event, prev) + (event && event.type !== 'xstate.init' ? ' ' + JSON.stringify(event) : '');

const model = createMachineTestModel(cookieConsentMachine, { events, serializeState: serializeState as never });
const paths = model.getShortestPaths();

interface Harness {
  read: DeferredActor<ConsentCookies>;
  writes: string[];
  actor: CookieConsentActorRef;
}

function start(): Harness {
  const read = deferredActor<ConsentCookies>();
  const writes: string[] = [];
  const actor = createActor(
    cookieConsentMachine.provide({
      actors: { readConsentCookies: read.logic },
      actions: {
        writeAcceptCookie: () => writes.push('accept'),
        writeDeclineCookie: () => writes.push('decline'),
        writeDismissCookie: () => writes.push('dismiss'),
      },
    }),
  );
  actor.start();
  renderView(<CookieBanner actorRef={actor} title={TITLE} descriptionHtml={DESCRIPTION} />);
  return { read, writes, actor };
}

const banner = () => screen.queryByRole('region', { name: TITLE });

describe('cookie consent (model-based, CookieBanner)', () => {
  beforeAll(loadTexts);

  for (const path of paths) {
    it(path.description, async () => {
      const h = start();
      await path.test({
        states: {
          checking: () => {
            expect(banner()).toBeNull();
            expect(h.read.pending).toBe(true);
          },
          visible: () => {
            const region = banner();
            expect(region).not.toBeNull();
            expect(screen.getByRole('heading', { name: TITLE })).toBeInTheDocument();
            // the server's HTML is rendered as HTML, not as text
            expect(region!.querySelector('strong')?.textContent).toBe('cookies');
            expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/en/privacy-policy');
            expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
            expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled();
            expect(screen.getByRole('button', { name: 'Close the cookie notice' })).toBeEnabled();
            expect(h.writes).toEqual([]);
          },
          hidden: () => {
            expect(banner()).toBeNull();
            expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
            // at most one cookie was written on the way here
            expect(h.writes.length).toBeLessThanOrEqual(1);
          },
        },
        events: {
          'xstate.done.actor.readConsentCookies': async ({ event }) => {
            await act(() => h.read.resolve((event as unknown as { output: ConsentCookies }).output));
          },
          'xstate.error.actor.readConsentCookies': async ({ event }) => {
            await act(() => h.read.reject((event as unknown as { error: unknown }).error));
          },
          'cookies.accepted': () => {
            fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
            expect(h.writes).toEqual(['accept']);
          },
          'cookies.declined': () => {
            fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
            // Decline is a choice, stored like Accept (not the close icon's 7-day dismissal)
            expect(h.writes).toEqual(['decline']);
          },
          'cookies.dismissed': () => {
            fireEvent.click(screen.getByRole('button', { name: 'Close the cookie notice' }));
            expect(h.writes).toEqual(['dismiss']);
          },
        },
      });
      // The view followed the chart: the actor ended where the path ends.
      expect(h.actor.getSnapshot().value).toEqual(path.state.value);
      h.actor.stop();
    });
  }

  it('covers every state and transition of the chart', () => {
    const result = machineCoverage(cookieConsentMachine, paths);
    printCoverage(result);
    expectFullCoverage(result);
  });
});
