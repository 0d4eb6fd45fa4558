// Deferred HTTP for the account model tests: a held call waits in the fake server until the test answers
// it, the way deferredActor holds an invoked actor, but through the real HTTP client and API functions.
import { act } from '@testing-library/react';
import { expect } from 'vitest';
import type { FakeAnswer, RecordedCall } from './fakeFetch';
import type { createFakeFetch } from './fakeFetch';
import { settle } from './app';

interface Held {
  method: string;
  path: string;
  call: RecordedCall;
  resolve: (answer: FakeAnswer) => void;
}

export function heldServer(fake: ReturnType<typeof createFakeFetch>) {
  const held: Held[] = [];
  const matching = (method: string, path: string) => held.filter((h) => h.method === method && h.path === path);
  return {
    /** every later `method path` call waits for `answer` */
    hold(method: string, path: string) {
      fake.on(method, path, (call) => new Promise<FakeAnswer>((resolve) => held.push({ method, path, call, resolve })));
    },
    isHeld: (method: string, path: string) => matching(method, path).length > 0,
    /** the body of the latest held call */
    lastBody: (method: string, path: string) => matching(method, path).at(-1)?.call.body,
    lastCall: (method: string, path: string) => matching(method, path).at(-1)?.call,
    /** answers every held `method path` call (an aborted older one included), then lets the app settle */
    async answer(method: string, path: string, answer: FakeAnswer) {
      await expect.poll(() => matching(method, path).length, { timeout: 2000 }).toBeGreaterThan(0);
      const calls = matching(method, path);
      for (const h of calls) held.splice(held.indexOf(h), 1);
      await act(async () => {
        for (const h of calls) h.resolve(answer);
      });
      await settle();
    },
  };
}

/** An error envelope from codes per field (`{ email: 'EMAIL_EXISTS' }`), as the server answers. */
export function errorAnswer(fieldErrors: Record<string, string>, status = 400): FakeAnswer {
  return { status, errors: Object.entries(fieldErrors).map(([context, code]) => ({ code, context, message: code })) };
}
