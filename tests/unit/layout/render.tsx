// Renders a view with what the app gives every view: theme, texts and a router (in memory).
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Language } from '../../../src/config/env';
import { I18nProvider, loadDictionary } from '../../../src/i18n/i18n';
import { theme } from '../../../lib/theme';

export async function loadTexts(): Promise<void> {
  await loadDictionary('en');
  await loadDictionary('pl');
}

export interface RenderOptions {
  language?: Language;
  path?: string;
}

export function renderView(
  ui: ReactElement,
  { language = 'en', path = `/${language}/` }: RenderOptions = {},
): RenderResult & { location: ReturnType<typeof memoryLocation> } {
  const location = memoryLocation({ path, record: true });
  const wrap = (node: ReactNode) => (
    <Router hook={location.hook}>
      <ThemeProvider theme={theme}>
        <I18nProvider language={language}>{node}</I18nProvider>
      </ThemeProvider>
    </Router>
  );
  const result = render(wrap(ui));
  return { ...result, rerender: (next: ReactNode) => result.rerender(wrap(next)), location };
}
