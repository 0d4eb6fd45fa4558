// Model-based test of opening and saving a private file (machines/fileDownload.machine.ts) through the
// investor area's hook and its failure notice: a preview opens a blank tab in the click and points it at
// the fetched file; a download saves it under the server's name; a failure closes the tab and shows the
// PDF load failure text with retry and close.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileDownloadMachine, type FileRequest } from '../../machines/fileDownload.machine';
import type { DownloadedFile } from '../../src/api/http';
import { I18nProvider, loadDictionary } from '../../src/i18n/i18n';
import { theme } from '../../lib/theme';
import { FileFailure, useFileDownloadWith } from '../../src/components/investor/ui';
import { byValueAnd, createMachineTestModel, expectFullCoverage, flushMicrotasks, machineCoverage, printCoverage, runPath } from '../support/model';

const OPEN: FileRequest = { url: '/investor/documents/order-confirmation-1', mode: 'open', fallbackName: 'order.pdf' };
const SAVE: FileRequest = { url: '/investor/exports/orders.csv', mode: 'save', fallbackName: 'orders.csv' };
const FILE: DownloadedFile = { blob: new Blob(['%PDF-1.7']), fileName: 'potwierdzenie-zamowienia-ES-AAAA-AAAA.pdf' };

const events = [
  { type: 'file.requested', request: OPEN },
  { type: 'file.requested', request: SAVE },
  { type: 'xstate.done.actor.fetchFile', output: FILE },
  { type: 'xstate.error.actor.fetchFile', error: new Error('HTTP 404') },
] as never[];

const model = createMachineTestModel(fileDownloadMachine, { events, serializeState: byValueAnd('request') as never });
const paths = model.getShortestPaths();

interface Pending {
  url: string;
  resolve: (f: DownloadedFile) => void;
  reject: (e: unknown) => void;
}

function View({ calls }: { calls: Pending[] }) {
  const files = useFileDownloadWith((url) => new Promise<DownloadedFile>((resolve, reject) => calls.push({ url, resolve, reject })));
  return (
    <div>
      <button type="button" onClick={() => files.request(OPEN)}>
        Preview
      </button>
      <button type="button" onClick={() => files.request(SAVE)}>
        Download
      </button>
      {files.busy && <p data-testid="busy">busy</p>}
      {files.failed && <FileFailure onRetry={files.retry} onDismiss={files.dismiss} />}
    </div>
  );
}

describe('fileDownload (model-based, through the investor area hook)', () => {
  let opened: { location: { href: string }; close: ReturnType<typeof vi.fn> }[];
  let saved: string[];
  let clickSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(async () => {
    await loadDictionary('en');
    opened = [];
    saved = [];
    vi.spyOn(window, 'open').mockImplementation(() => {
      const tab = { location: { href: '' }, close: vi.fn() };
      opened.push(tab);
      return tab as never;
    });
    (URL as unknown as { createObjectURL: unknown }).createObjectURL = vi.fn(() => 'blob:file');
    (URL as unknown as { revokeObjectURL: unknown }).revokeObjectURL = vi.fn();
    clickSpy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  for (const path of paths) {
    it(path.description, async () => {
      const calls: Pending[] = [];
      let last: FileRequest | null = null;
      let mode: 'open' | 'save' | null = null;
      render(
        <ThemeProvider theme={theme}>
          <I18nProvider language="en">
            <View calls={calls} />
          </I18nProvider>
        </ThemeProvider>,
      );
      await runPath(path, {
        states: {
          idle: () => {
            expect(screen.queryByTestId('busy')).toBeNull();
            expect(screen.queryByTestId('file-failed')).toBeNull();
          },
          fetching: () => {
            expect(screen.getByTestId('busy')).toBeInTheDocument();
            expect(calls.at(-1)!.url).toBe(last!.url);
            // a preview's tab was opened in the click itself, before the fetch ended
            if (mode === 'open') expect(opened.at(-1)!.location.href).toBe('');
          },
          done: () => {
            expect(screen.queryByTestId('busy')).toBeNull();
            if (mode === 'open') expect(opened.at(-1)!.location.href).toBe('blob:file');
            else expect(saved.at(-1)).toBe(FILE.fileName);
          },
          failed: () => {
            expect(screen.getByTestId('file-failed')).toHaveTextContent('The PDF could not be loaded.');
            if (mode === 'open') expect(opened.at(-1)!.close).toHaveBeenCalled();
          },
        },
        events: {
          'file.requested': async ({ event }) => {
            const request = (event as unknown as { request: FileRequest }).request;
            last = request;
            mode = request.mode;
            await act(async () => {
              fireEvent.click(screen.getByRole('button', { name: request.mode === 'open' ? 'Preview' : 'Download' }));
            });
          },
          'file.retried': async () => {
            mode = last!.mode;
            await act(async () => {
              fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
            });
          },
          'file.dismissed': async () => {
            await act(async () => {
              fireEvent.click(screen.getByRole('button', { name: 'Close' }));
            });
          },
          'xstate.done.actor.fetchFile': async () => {
            await act(async () => {
              calls.at(-1)!.resolve(FILE);
              await flushMicrotasks();
            });
          },
          'xstate.error.actor.fetchFile': async () => {
            await act(async () => {
              calls.at(-1)!.reject(new Error('HTTP 404'));
              await flushMicrotasks();
            });
          },
        },
      });
      expect(clickSpy).toBeDefined();
    });
  }

  it('covers every state and transition of the chart', () => {
    const result = machineCoverage(fileDownloadMachine, paths);
    printCoverage(result);
    expectFullCoverage(result);
  });
});
