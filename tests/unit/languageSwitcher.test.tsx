// The language links redraw when the page's address changes, and not when the app tells the language chart the
// address it already has (LanguageRoot does so on every mount, hydration included).
import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from 'styled-components';
import { createActor, fromPromise, waitFor } from 'xstate';
import { theme } from '../../lib/theme';
import { languageMachine, sameLocation, type LocationLike } from '../../machines/language.machine';
import { LanguageSwitcher } from '../../src/components/language/LanguageSwitcher';
import { I18nProvider, loadDictionary } from '../../src/i18n/i18n';
import { AppSystemProvider } from '../../src/system/AppSystemContext';
import type { AppSystem } from '../../src/system/system';
import type { Language } from '../../src/config/env';

const at = (pathname: string, search = '', hash = ''): LocationLike => ({ pathname, search, hash });

async function readyLanguage(location: LocationLike) {
  const language = createActor(
    languageMachine.provide({ actors: { loadDictionary: fromPromise(({ input }: { input: { language: Language } }) => loadDictionary(input.language)) } }),
    { input: { defaultLanguage: 'pl', stored: 'pl' } },
  ).start();
  language.send({ type: 'language.locationChanged', location });
  await waitFor(language, (s) => s.matches('ready'));
  return language;
}

describe('LanguageSwitcher', () => {
  it('links to the same page in the other language, and follows a new address', async () => {
    const language = await readyLanguage(at('/pl/faq'));
    let renders = 0;
    render(
      <AppSystemProvider system={{ language } as unknown as AppSystem}>
        <ThemeProvider theme={theme}>
          <I18nProvider language="pl">
            <Profiler id="switcher" onRender={() => renders++}>
              <LanguageSwitcher />
            </Profiler>
          </I18nProvider>
        </ThemeProvider>
      </AppSystemProvider>,
    );
    expect(screen.getByTestId('language-en').getAttribute('href')).toBe('/en/faq');
    const afterMount = renders;

    // the address it already has, in a new object: nothing redraws
    act(() => language.send({ type: 'language.locationChanged', location: at('/pl/faq') }));
    expect(renders).toBe(afterMount);

    act(() => language.send({ type: 'language.locationChanged', location: at('/pl/kontakt') }));
    expect(renders).toBeGreaterThan(afterMount);
    expect(screen.getByTestId('language-en').getAttribute('href')).toBe('/en/contact-us');
    language.stop();
  });

  it('compares locations by what they say', () => {
    expect(sameLocation(at('/pl/faq', '?a=1', '#x'), at('/pl/faq', '?a=1', '#x'))).toBe(true);
    expect(sameLocation(at('/pl/faq', '?a=1'), at('/pl/faq', '?a=2'))).toBe(false);
    expect(sameLocation(at('/pl/faq', '', '#x'), at('/pl/faq'))).toBe(false);
    expect(sameLocation(at('/pl/faq'), at('/pl/o-nas'))).toBe(false);
    expect(sameLocation(null, at('/pl/faq'))).toBe(false);
    expect(sameLocation(null, null)).toBe(true);
  });
});
