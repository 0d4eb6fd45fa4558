import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, lazyScreen, withTimeout } from '../../src/screens/lazyScreen';
import { I18nProvider, loadDictionary } from '../../src/i18n/i18n';
import { theme } from '../../lib/theme';

beforeAll(async () => {
  await loadDictionary('en');
});

afterEach(() => {
  vi.useRealTimers();
});

const wrap = (node: React.ReactNode) => (
  <ThemeProvider theme={theme}>
    <I18nProvider language="en">{node}</I18nProvider>
  </ThemeProvider>
);

describe('lazy screens', () => {
  it('waits 120 seconds for a chunk, then fails', async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    vi.useFakeTimers();
    const never = new Promise<never>(() => {});
    const result = withTimeout(never, CHUNK_LOAD_TIMEOUT_MS);
    const settled = vi.fn();
    result.catch(settled);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringMatching(/timed out/) }));
  });

  it('renders the screen once its chunk has arrived', async () => {
    const Screen = lazyScreen(async () => ({ Page: ({ params }: { params: Record<string, string> }) => <p>page {params.slug}</p> }), (m) => m.Page);
    render(wrap(<Screen params={{ slug: 'abc' }} />));
    expect(await screen.findByText('page abc')).toBeInTheDocument();
  });

  it('shows its error message with a refresh button when the chunk fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Screen = lazyScreen(() => Promise.reject(new Error('chunk 404')), () => () => null);
    render(wrap(<Screen params={{}} />));
    expect(await screen.findByTestId('chunk-failed')).toHaveTextContent('could not be loaded');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });
});
