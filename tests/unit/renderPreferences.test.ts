import { afterEach, describe, expect, it } from 'vitest';
import { readRenderPreferences } from '../../contract/page-data';
import { writeListView, writeSignedInCookie } from '../../src/config/storage';

// The cookies through which the server's render of a public page learns the visitor's list view and whether the
// browser holds a session (never the tokens themselves).
function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0].trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

describe('render preferences', () => {
  afterEach(clearCookies);

  it('reads both cookies from a Cookie header, whatever their order and neighbours', () => {
    expect(readRenderPreferences(undefined)).toEqual({ offersListView: false, signedIn: false });
    expect(readRenderPreferences('a=1; isLoggedIn=true; isListView=true')).toEqual({ offersListView: true, signedIn: true });
    expect(readRenderPreferences('isListView=false;isLoggedIn=false')).toEqual({ offersListView: false, signedIn: false });
    // a cookie whose name only ends like one of ours is not it
    expect(readRenderPreferences('notisLoggedIn=true; xisListView=true')).toEqual({ offersListView: false, signedIn: false });
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
