import { afterEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { browserCookieConsentMachine } from '../../src/components/layout/browserEffects';
import { readRenderPreferences } from '../../contract/page-data';
import { writeListView, writeSignedInCookie } from '../../src/config/storage';

// The cookies through which the server's render of a public page learns the visitor's list view, whether the
// browser holds a session (never the tokens themselves) and whether the visitor answered the cookie banner.
function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0].trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

describe('render preferences', () => {
  afterEach(clearCookies);

  it('reads both cookies from a Cookie header, whatever their order and neighbours', () => {
    const none = { offersListView: false, signedIn: false, cookieChoiceMade: false };
    expect(readRenderPreferences(undefined)).toEqual(none);
    expect(readRenderPreferences('a=1; isLoggedIn=true; isListView=true')).toEqual({ ...none, offersListView: true, signedIn: true });
    expect(readRenderPreferences('isListView=false;isLoggedIn=false')).toEqual(none);
    // a cookie whose name only ends like one of ours is not it
    expect(readRenderPreferences('notisLoggedIn=true; xisListView=true; xcookieConsentAccepted=1')).toEqual(none);
  });

  it("any of the cookie banner's answers counts as answered", () => {
    for (const name of ['cookieConsentAccepted', 'cookieConsentDeclined', 'cookieConsentDismissed']) {
      expect(readRenderPreferences(`a=1; ${name}=1`).cookieChoiceMade, name).toBe(true);
    }
    expect(readRenderPreferences('cookieConsent=1').cookieChoiceMade).toBe(false);
  });

  it("the banner's own writes are what the server reads", async () => {
    const actor = createActor(browserCookieConsentMachine).start();
    await waitFor(actor, (s) => s.matches('visible'));
    expect(readRenderPreferences(document.cookie).cookieChoiceMade).toBe(false);
    actor.send({ type: 'cookies.dismissed' });
    expect(readRenderPreferences(document.cookie).cookieChoiceMade).toBe(true);
    actor.stop();
  });

  it('the session cookie follows the tokens: set with them, removed with them, and carries no token', () => {
    writeSignedInCookie(true);
    expect(readRenderPreferences(document.cookie).signedIn).toBe(true);
    expect(document.cookie).toBe('isLoggedIn=true');
    writeSignedInCookie(false);
    expect(readRenderPreferences(document.cookie).signedIn).toBe(false);
    expect(document.cookie).not.toContain('isLoggedIn');
  });

  it('the list view is kept in local storage and mirrored in its cookie', () => {
    writeListView(true);
    expect(localStorage.getItem('isListView')).toBe('true');
    expect(readRenderPreferences(document.cookie).offersListView).toBe(true);
    writeListView(false);
    expect(readRenderPreferences(document.cookie).offersListView).toBe(false);
  });
});
