import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { durable } from '../../server/modules/orders/create-order';

// The durability barrier's group commit (server/modules/orders/create-order.ts durable()): an order may only be
// confirmed by a barrier SENT after its own commit returned. Orders that finish while one barrier is in flight
// share the next one; at most one is in flight per database.

function fakeDb() {
  const sent: { resolve: () => void; reject: (e: Error) => void }[] = [];
  const db = {
    execute: () =>
      new Promise<void>((resolve, reject) => {
        sent.push({ resolve, reject });
      }),
  } as unknown as Db;
  return { db, sent };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('durability barrier (group commit)', () => {
  it('sends one barrier at a time; callers during a flight share the next, sent after the flight returns', async () => {
    const { db, sent } = fakeDb();
    const done: string[] = [];
    const a = durable(db).then(() => done.push('a'));
    expect(sent).toHaveLength(1);
    // b and c committed while a's barrier was already on its way: it cannot cover them.
    const b = durable(db).then(() => done.push('b'));
    const c = durable(db).then(() => done.push('c'));
    expect(sent).toHaveLength(1);
    sent[0].resolve();
    await a;
    await tick();
    expect(done).toEqual(['a']);
    // the next barrier was sent only now, after the first returned: it covers b and c
    expect(sent).toHaveLength(2);
    const d = durable(db).then(() => done.push('d'));
    expect(sent).toHaveLength(2);
    sent[1].resolve();
    await Promise.all([b, c]);
    await tick();
    expect(done.sort()).toEqual(['a', 'b', 'c']);
    expect(sent).toHaveLength(3);
    sent[2].resolve();
    await d;
    // idle again: the next caller sends at once
    void durable(db);
    expect(sent).toHaveLength(4);
    sent[3].resolve();
  });

  it('a failed barrier fails its callers only; the next callers get a new one', async () => {
    const { db, sent } = fakeDb();
    const first = durable(db);
    const second = durable(db);
    sent[0].reject(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await tick();
    expect(sent).toHaveLength(2);
    sent[1].resolve();
    await expect(second).resolves.toBeUndefined();
  });

  it('keeps one state per database', () => {
    const one = fakeDb();
    const two = fakeDb();
    void durable(one.db);
    void durable(two.db);
    expect(one.sent).toHaveLength(1);
    expect(two.sent).toHaveLength(1);
    one.sent[0].resolve();
    two.sent[0].resolve();
  });
});
