// Model-based test of the accordion chart through the offer's description sections: every shortest
// path is played with clicks on the section headers, and each state is checked on screen (which panel
// is expanded) and in the scroll effect (opening scrolls, closing and the initial open do not).
import { fireEvent, screen } from '@testing-library/react';
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { beforeAll, describe, expect, it } from 'vitest';
import { accordionMachine } from '../../machines/accordion.machine';
import { Descriptions } from '../../src/features/offer/Descriptions';
import {
  byValueAnd,
  createMachineTestModel,
  expectFullCoverage,
  machineCoverage,
  printCoverage,
  type CoverageFigure,
} from '../support/model';
import { loadTexts, renderView } from '../unit/layout/render';

const ITEMS = [
  { title: 'Location', content: '<p>Near the river</p>' },
  { title: 'Building', content: '<p>Four floors</p>' },
  { title: 'Schedule', content: '<p>Two years</p>' },
];

// Payload variants: headers 0..2 and an index that is no item (ignored by the guard).
const events = [0, 1, 2, 7].map((index) => ({ type: 'accordion.toggled', index })) as never[];
const byValue = byValueAnd('openIndex');
const serializeState = (state: AnyMachineSnapshot, event?: EventObject, prev?: AnyMachineSnapshot) =>
  byValue(state, event, prev) + (event && event.type !== 'xstate.init' ? ' ' + JSON.stringify(event) : '');

// Two inputs: the offer's descriptions (first open initially) and the timeline's read-more (none open).
const INPUTS = [{ count: ITEMS.length }, { count: ITEMS.length, firstOpen: false }];
const runs = INPUTS.map((input) => ({
  input,
  paths: createMachineTestModel(accordionMachine, { events, serializeState: serializeState as never } as never).getShortestPaths({
    input,
  } as never),
}));

function expandedHeaders() {
  return screen
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-expanded') === 'true')
    .map((b) => b.textContent);
}

describe('accordion (model-based, offer descriptions)', () => {
  beforeAll(loadTexts);

  for (const { input, paths } of runs)
  for (const path of paths) {
    it(`${input.firstOpen === false ? '[none open] ' : ''}${path.description}`, async () => {
      const scrolls: number[] = [];
      const actor = createActor(
        accordionMachine.provide({ actions: { scrollToItem: (_, { index }) => void scrolls.push(index) } }),
        { input },
      );
      actor.start();
      renderView(<Descriptions items={ITEMS} actorRef={actor} idPrefix="d" />);
      let scrollsBefore = 0;
      await path.test({
        states: {
          itemOpen: (state) => {
            const i = (state.context as { openIndex: number }).openIndex;
            expect(expandedHeaders()).toEqual([ITEMS[i].title]);
            expect(screen.getByRole('region', { name: ITEMS[i].title })).toBeVisible();
            // only one panel is open
            expect(screen.getAllByRole('region', { hidden: true }).filter((r) => r.getAttribute('aria-hidden') === 'false')).toHaveLength(1);
          },
          allClosed: () => {
            expect(expandedHeaders()).toEqual([]);
          },
        },
        events: {
          'accordion.toggled': ({ event }) => {
            const index = (event as unknown as { index: number }).index;
            const before = actor.getSnapshot().context.openIndex;
            scrollsBefore = scrolls.length;
            if (index >= ITEMS.length) {
              actor.send({ type: 'accordion.toggled', index }); // no header has this index
            } else {
              fireEvent.click(screen.getByRole('button', { name: ITEMS[index].title }));
            }
            const opened = index < ITEMS.length && before !== index;
            expect(scrolls.length - scrollsBefore).toBe(opened ? 1 : 0);
            if (opened) expect(scrolls.at(-1)).toBe(index);
          },
        },
      });
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      actor.stop();
    });
  }

  it('opens the first item initially without scrolling, and starts closed with no items', () => {
    const a = createActor(accordionMachine, { input: { count: 2 } }).start();
    expect(a.getSnapshot().context.openIndex).toBe(0);
    const b = createActor(accordionMachine, { input: { count: 0 } }).start();
    expect(b.getSnapshot().value).toBe('allClosed');
  });

  it('covers every state and transition of the chart', () => {
    // Union of the two inputs' coverage: a state or transition is missing only if both runs missed it.
    const [a, b] = runs.map(({ input, paths }) => machineCoverage(accordionMachine, paths, { input }));
    const merge = (x: CoverageFigure, y: CoverageFigure): CoverageFigure => {
      const missing = x.missing.filter((m) => y.missing.includes(m));
      return { covered: x.total - missing.length, total: x.total, missing };
    };
    const result = { machine: a.machine, states: merge(a.states, b.states), transitions: merge(a.transitions, b.transitions) };
    printCoverage(result);
    expectFullCoverage(result);
  });
});
