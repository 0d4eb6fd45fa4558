// Importing a bank statement in the back office: the operator picks a file (CAMT.053 or MT940),
// sends it, and sees the summary (lines read, matched, exceptions, duplicates skipped) or the error that
// names the line or element at fault. A file over the size limit is refused before anything is sent.
// The file itself stays opaque to the chart: the provided `upload` actor reads and sends it (the app gives
// the real HTTP call; tests give a deferred promise).
import { assign, fromPromise, setup } from 'xstate';
import type { StatementImportDetail } from '../contract/operator';
import { described } from './descriptions/describe';
import descriptions from './descriptions/statementImport';

export interface ChosenFile {
  name: string;
  size: number;
  /** the browser's File (or anything the `upload` actor understands) */
  file: unknown;
}

export interface ImportFailure {
  code: string;
  /** the line or element at fault, when the server names one */
  context: string;
  message: string;
}

export interface StatementImportContext {
  chosen: ChosenFile | null;
  /** largest file accepted, bytes (the server's STATEMENT_MAX_BYTES) */
  maxBytes: number;
  /** the server's summary of the import */
  result: StatementImportDetail | null;
  failure: ImportFailure | null;
}

export type StatementImportEvent =
  | { type: 'statement.fileChosen'; file: ChosenFile }
  | { type: 'statement.submitted' }
  | { type: 'statement.retried' }
  | { type: 'statement.reset' };

export const statementImportMachine = described(setup({
  types: {
    context: {} as StatementImportContext,
    events: {} as StatementImportEvent,
    input: {} as { maxBytes: number },
    tags: {} as 'busy' | 'canSubmit',
  },
  actors: {
    upload: fromPromise<StatementImportDetail, ChosenFile>(async () => {
      throw new Error('upload actor not provided');
    }),
  },
  guards: {
    tooLarge: ({ context, event }) => event.type === 'statement.fileChosen' && event.file.size > context.maxBytes,
  },
  actions: {
    choose: assign({
      chosen: ({ event }) => (event.type === 'statement.fileChosen' ? event.file : null),
      failure: null,
      result: null,
    }),
  },
}).createMachine({
  id: 'statementImport',
  context: ({ input }) => ({ chosen: null, maxBytes: input.maxBytes, result: null, failure: null }),
  initial: 'empty',
  on: {
    'statement.fileChosen': [
      { guard: 'tooLarge', target: '.tooLarge', actions: 'choose' },
      { target: '.ready', actions: 'choose' },
    ],
  },
  states: {
    /** nothing chosen yet */
    empty: {},
    /** the file is over the limit: not sent; choose another */
    tooLarge: {},
    ready: {
      tags: ['canSubmit'],
      on: { 'statement.submitted': 'uploading' },
    },
    uploading: {
      tags: ['busy'],
      // Choosing another file while one is sending is not offered (the picker is disabled).
      on: { 'statement.fileChosen': {} },
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => context.chosen!,
        onDone: { target: 'imported', actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({
            failure: ({ event }) => {
              const error = event.error as { errors?: { code: string; context: string; message: string }[]; message?: string };
              const first = error?.errors?.[0];
              return first ? { code: first.code, context: first.context, message: first.message } : { code: 'GENERIC', context: '', message: error?.message ?? '' };
            },
          }),
        },
      },
    },
    imported: {
      on: { 'statement.reset': { target: 'empty', actions: assign({ chosen: null, result: null }) } },
    },
    failed: {
      on: { 'statement.retried': 'uploading', 'statement.reset': { target: 'empty', actions: assign({ chosen: null, failure: null }) } },
    },
  },
}), descriptions);
