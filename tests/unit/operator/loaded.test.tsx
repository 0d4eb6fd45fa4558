// The back office's data blocks (`Loaded`): a status while the first load runs, an alert with a retry when it
// fails, and the data marked busy while the next page or a reload is on its way with the old data on screen.
import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { beforeAll, describe, expect, it } from 'vitest';
import { theme } from '../../../lib/theme';
import { Loaded } from '../../../src/features/operator/ui';
import { loadAllDictionaries } from '../../model/support/app';

const rows = ['row one', 'row two'];
const view = (load: Parameters<typeof Loaded<string[]>>[0]['load']) => (
  <ThemeProvider theme={theme}>
    <Loaded load={load}>{(data) => <ul>{data.map((r) => <li key={r}>{r}</li>)}</ul>}</Loaded>
  </ThemeProvider>
);
const draw = (load: Parameters<typeof view>[0]) => render(view(load));
const retry = () => {};

describe('Loaded', () => {
  beforeAll(loadAllDictionaries);

  it('says it is loading while there is no data yet', () => {
    draw({ status: 'loading', data: null, retry, skeleton: true, refreshing: false });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('draws the data, not busy, once it has arrived', () => {
    draw({ status: 'success', data: rows, retry, skeleton: false, refreshing: false });
    expect(screen.getByRole('list').parentElement).not.toHaveAttribute('aria-busy');
  });

  it('marks the old data busy while the next page is asked for', () => {
    draw({ status: 'loading', data: rows, retry, skeleton: true, refreshing: false });
    expect(screen.getByRole('list').parentElement).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('marks the old data busy while it is asked for again after an action', () => {
    const { rerender } = draw({ status: 'success', data: rows, retry, skeleton: false, refreshing: true });
    const list = screen.getByRole('list');
    expect(list.parentElement).toHaveAttribute('aria-busy', 'true');
    rerender(view({ status: 'success', data: rows, retry, skeleton: false, refreshing: false }));
    // the same elements, no longer busy
    expect(screen.getByRole('list')).toBe(list);
    expect(list.parentElement).not.toHaveAttribute('aria-busy');
  });

  it('alerts with a retry when the load failed', () => {
    draw({ status: 'failure', data: null, retry, skeleton: false, refreshing: false });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button')).toBeInTheDocument();
  });
});
