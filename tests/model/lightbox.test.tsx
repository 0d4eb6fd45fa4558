// Model-based test of the lightbox chart through 'View all photos' and the full-screen viewer: every
// shortest path is played by a user (the button, arrows, thumbnails, Close and Escape) and each state is
// checked on screen: the dialog, the photo counter, the current thumbnail and the page-scroll lock.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { beforeAll, describe, expect, it } from 'vitest';
import { lightboxMachine } from '../../machines/lightbox.machine';
import { ViewAllPhotos } from '../../src/components/media/ViewAllPhotos';
import { lockBodyScroll } from '../../src/components/ui/useScrollLock';
import { byValueAnd, createMachineTestModel, expectFullCoverage, machineCoverage, printCoverage } from '../support/model';
import { loadTexts, renderView } from '../unit/layout/render';

const PHOTOS = [
  { imageUrl: '/media/a.jpg', thumbUrl: '/media/a-t.jpg', title: 'Garden' },
  { imageUrl: '/media/b.jpg', thumbUrl: '/media/b-t.jpg', title: 'Kitchen' },
  { imageUrl: '/media/c.jpg', thumbUrl: '/media/c-t.jpg', title: 'Terrace' },
];

const events = [
  { type: 'lightbox.opened', index: 0 },
  { type: 'lightbox.closed', via: 'button' },
  { type: 'lightbox.closed', via: 'escape' },
  { type: 'lightbox.next' },
  { type: 'lightbox.previous' },
  { type: 'lightbox.selected', index: 2 },
] as never[];

const byValue = byValueAnd('index');
const serializeState = (state: AnyMachineSnapshot, event?: EventObject, prev?: AnyMachineSnapshot) =>
  byValue(state, event, prev) + (event && event.type !== 'xstate.init' ? ' ' + JSON.stringify(event) : '');
const input = { count: PHOTOS.length };
const model = createMachineTestModel(lightboxMachine, { events, serializeState: serializeState as never });
const paths = model.getShortestPaths({ input } as never);

const dialog = () => screen.queryByRole('dialog');

describe('lightbox (model-based, View all photos)', () => {
  beforeAll(async () => {
    await loadTexts();
    // The viewer is a lazy chunk: load it once so the paths do not wait for the first import.
    await import('../../src/components/media/Lightbox');
  });

  for (const path of paths) {
    it(path.description, async () => {
      const effects: string[] = [];
      let release: (() => void) | null = null;
      const actor = createActor(
        lightboxMachine.provide({
          actions: {
            lockPageScroll: () => {
              effects.push('lock');
              release = lockBodyScroll();
            },
            unlockPageScroll: () => {
              effects.push('unlock');
              release?.();
            },
          },
        }),
        { input },
      );
      actor.start();
      renderView(<ViewAllPhotos actorRef={actor} photos={PHOTOS} title="Riverside" />);
      try {
      await path.test({
        states: {
          closed: async () => {
            await waitFor(() => expect(dialog()).toBeNull());
            expect(document.body).not.toHaveClass('scroll-locked');
            expect(screen.getByRole('button', { name: 'View all photos (3)' })).toBeEnabled();
          },
          open: async (state) => {
            const index = (state.context as { index: number }).index;
            const d = await screen.findByRole('dialog', { name: 'Riverside' });
            expect(d).toHaveAttribute('aria-modal', 'true');
            expect(document.body).toHaveClass('scroll-locked');
            expect(screen.getByTestId('lightbox-counter')).toHaveTextContent(`${index + 1} / 3`);
            expect(screen.getByRole('button', { name: PHOTOS[index].title })).toHaveAttribute('aria-current', 'true');
            expect(screen.getByRole('button', { name: 'Previous photo' })).toBeInTheDocument();
            expect(screen.getByRole('button', { name: 'Next photo' })).toBeInTheDocument();
            expect(screen.getByRole('list', { name: 'Thumbnails' }).querySelectorAll('img')[0]).toHaveAttribute('height', '75');
            expect(effects.filter((e) => e === 'lock').length - effects.filter((e) => e === 'unlock').length).toBe(1);
          },
        },
        events: {
          'lightbox.opened': () => {
            fireEvent.click(screen.getByRole('button', { name: 'View all photos (3)' }));
          },
          'lightbox.closed': async ({ event }) => {
            await screen.findByRole('dialog');
            if ((event as { via?: string }).via === 'escape') fireEvent.keyDown(dialog()!, { key: 'Escape' });
            else fireEvent.click(screen.getByRole('button', { name: 'Close' }));
          },
          'lightbox.next': async () => {
            await screen.findByRole('dialog');
            fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
          },
          'lightbox.previous': async () => {
            await screen.findByRole('dialog');
            fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
          },
          'lightbox.selected': async ({ event }) => {
            await screen.findByRole('dialog');
            const index = (event as unknown as { index: number }).index;
            await act(async () => fireEvent.click(screen.getByRole('button', { name: PHOTOS[index].title })));
          },
        },
      });
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      } finally {
        actor.stop();
        // Stopping an actor runs no exit actions: let go of a lock a path that ends open still holds.
        (release as (() => void) | null)?.();
      }
    });
  }

  it('loops: next after the last photo is the first, previous before the first is the last', () => {
    const a = createActor(lightboxMachine, { input }).start();
    a.send({ type: 'lightbox.opened', index: 2 });
    a.send({ type: 'lightbox.next' });
    expect(a.getSnapshot().context.index).toBe(0);
    a.send({ type: 'lightbox.previous' });
    expect(a.getSnapshot().context.index).toBe(2);
  });

  it('does not open without photos', () => {
    const a = createActor(lightboxMachine, { input: { count: 0 } }).start();
    a.send({ type: 'lightbox.opened' });
    expect(a.getSnapshot().value).toBe('closed');
  });

  it('covers every state and transition of the chart', () => {
    const result = machineCoverage(lightboxMachine, paths, { input });
    printCoverage(result);
    expectFullCoverage(result);
  });
});
