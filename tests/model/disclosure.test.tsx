// Model-based test of the generic disclosure chart against the three views that use it: the mobile
// drawer, the user-menu dropdown and the call dialog of the contact menu. Each view offers the user a
// subset of the chart's events (the drawer has no toggle once open: it is modal and covers the
// hamburger; the dialog has no toggle at all), so each view gets its own model with `filterEvents`, and
// coverage is counted over the union of their paths.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { MenuItem } from '../../src/api/types';
import { disclosureMachine, type DisclosureActorRef } from '../../machines/disclosure.machine';
import { ContactMenuView } from '../../src/components/layout/ContactMenu';
import { MobileDrawer, MobileMenuButton } from '../../src/components/layout/MobileDrawer';
import { UserMenu } from '../../src/components/layout/UserMenu';
import {
  byValueAnd,
  createMachineTestModel,
  expectFullCoverage,
  machineCoverage,
  printCoverage,
} from '../support/model';
import { loadTexts, renderView } from '../unit/layout/render';

type Via = { via?: string };
const via = (event: EventObject) => (event as Via).via;

const byValue = byValueAnd();
const serializeState = (state: AnyMachineSnapshot, event?: EventObject, prev?: AnyMachineSnapshot) =>
  byValue(state, event, prev) + (event && via(event) ? ` (${via(event)})` : '');

function modelFor(closeVariants: string[], allow: (state: AnyMachineSnapshot, type: string) => boolean) {
  const events = closeVariants.map((v) => ({ type: 'disclosure.closed', via: v })) as never[];
  return createMachineTestModel(disclosureMachine, {
    events,
    serializeState: serializeState as never,
    filterEvents: ((state: AnyMachineSnapshot, event: EventObject) => allow(state, event.type)) as never,
  });
}

const items: MenuItem[] = [
  { id: '1', href: 'offers', title: 'Investments', type: 'link', isPrivate: false },
  { id: '2', href: 'aboutUs', title: 'About us', type: 'link', isPrivate: false },
];

// ----- the mobile drawer -----------------------------------------------------------------------------
const drawerModel = modelFor(['escape', 'closeButton', 'item', 'backdrop'], (state, type) =>
  state.matches('closed') ? type === 'disclosure.toggled' : type === 'disclosure.closed',
);
const drawerPaths = drawerModel.getShortestPaths();

// ----- the user-menu dropdown ------------------------------------------------------------------------
const userMenuModel = modelFor(['escape', 'item', 'outside', 'logout'], (_state, type) => type !== 'disclosure.opened');
const userMenuPaths = userMenuModel.getShortestPaths();

// ----- the call dialog -------------------------------------------------------------------------------
const dialogModel = modelFor(['escape', 'closeButton', 'backdrop'], (_state, type) => type !== 'disclosure.toggled');
const dialogPaths = dialogModel.getShortestPaths();

describe('disclosure (model-based)', () => {
  beforeAll(loadTexts);

  describe('MobileDrawer', () => {
    for (const path of drawerPaths) {
      it(path.description, async () => {
        const actor: DisclosureActorRef = createActor(disclosureMachine).start();
        renderView(
          <>
            <MobileMenuButton actorRef={actor} />
            <MobileDrawer actorRef={actor} language="en" items={items} isLoggedIn={false} onLogout={() => {}} />
          </>,
        );
        const hamburger = () => screen.getByRole('button', { name: 'Open menu' });
        const drawer = () => screen.queryByRole('dialog', { name: 'Menu' });
        await path.test({
          states: {
            closed: () => {
              expect(drawer()).toBeNull();
              expect(hamburger()).toHaveAttribute('aria-expanded', 'false');
              expect(document.body).not.toHaveClass('scroll-locked');
            },
            open: () => {
              const panel = drawer();
              expect(panel).not.toBeNull();
              expect(panel).toHaveAttribute('aria-modal', 'true');
              expect(hamburger()).toHaveAttribute('aria-expanded', 'true');
              expect(within(panel!).getByRole('link', { name: 'Investments' })).toHaveAttribute('href', '/en/investments');
              expect(within(panel!).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/en/login');
              expect(panel!.contains(document.activeElement)).toBe(true); // focus moved into the drawer
              expect(document.body).toHaveClass('scroll-locked');
            },
          },
          events: {
            'disclosure.toggled': () => {
              fireEvent.click(hamburger());
            },
            'disclosure.closed': ({ event }) => {
              const panel = drawer()!;
              switch (via(event)) {
                case 'escape':
                  fireEvent.keyDown(document.activeElement ?? panel, { key: 'Escape' });
                  break;
                case 'closeButton':
                  fireEvent.click(within(panel).getByRole('button', { name: 'Close menu' }));
                  break;
                case 'item':
                  fireEvent.click(within(panel).getByRole('link', { name: 'About us' }));
                  break;
                case 'backdrop':
                  fireEvent.click(screen.getByTestId('mobile-drawer-backdrop'));
                  break;
              }
            },
          },
        });
        expect(actor.getSnapshot().value).toEqual(path.state.value);
        actor.stop();
      });
    }
  });

  describe('UserMenu', () => {
    for (const path of userMenuPaths) {
      it(path.description, async () => {
        const onLogout = vi.fn();
        const { location } = renderView(
          <>
            <UserMenu language="en" userName="Anna Nowak" onLogout={onLogout} />
            <p>outside</p>
          </>,
        );
        const trigger = () => screen.getByRole('button', { name: /^Account menu:\s*Anna Nowak$/ });
        await path.test({
          states: {
            closed: () => {
              expect(trigger()).toHaveAttribute('aria-expanded', 'false');
              expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
            },
            open: () => {
              expect(trigger()).toHaveAttribute('aria-expanded', 'true');
              expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/en/investor');
              expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/en/investor/orders');
              expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/en/investor/settings');
              expect(screen.getByRole('button', { name: 'Log out' })).toBeEnabled();
            },
          },
          events: {
            'disclosure.toggled': () => {
              fireEvent.click(trigger());
            },
            'disclosure.closed': ({ event }) => {
              switch (via(event)) {
                case 'escape':
                  fireEvent.keyDown(screen.getByRole('link', { name: 'Orders' }), { key: 'Escape' });
                  expect(trigger()).toHaveFocus();
                  break;
                case 'item':
                  fireEvent.click(screen.getByRole('link', { name: 'Settings' }));
                  expect(location.history?.at(-1)).toBe('/en/investor/settings');
                  break;
                case 'outside':
                  fireEvent.mouseDown(screen.getByText('outside'));
                  break;
                case 'logout':
                  fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
                  expect(onLogout).toHaveBeenCalledTimes(1);
                  break;
              }
            },
          },
        });
      });
    }
  });

  describe('call dialog (ContactMenu)', () => {
    for (const path of dialogPaths) {
      it(path.description, async () => {
        const actor: DisclosureActorRef = createActor(disclosureMachine).start();
        renderView(<ContactMenuView actorRef={actor} language="en" phone="221234567" />);
        const callButton = () => screen.getByRole('button', { name: 'Call us' });
        const dialog = () => screen.queryByRole('dialog', { name: 'Call us' });
        await path.test({
          states: {
            closed: () => {
              expect(dialog()).toBeNull();
              expect(callButton()).toHaveAttribute('aria-expanded', 'false');
              expect(screen.getByRole('link', { name: 'Write to us' })).toHaveAttribute('href', '/en/contact-us');
            },
            open: () => {
              const d = dialog()!;
              expect(d).not.toBeNull();
              expect(d).toHaveAttribute('aria-modal', 'true');
              expect(within(d).getByText('+48 22 123 45 67')).toBeInTheDocument();
              expect(within(d).getByRole('link', { name: 'Call +48 22 123 45 67' })).toHaveAttribute(
                'href',
                'tel:+48221234567',
              );
              expect(d.contains(document.activeElement)).toBe(true);
            },
          },
          events: {
            'disclosure.opened': () => {
              callButton().focus();
              fireEvent.click(callButton());
            },
            'disclosure.closed': ({ event }) => {
              const d = dialog()!;
              switch (via(event)) {
                case 'escape':
                  fireEvent.keyDown(document.activeElement ?? d, { key: 'Escape' });
                  break;
                case 'closeButton':
                  fireEvent.click(within(d).getByRole('button', { name: 'Close' }));
                  break;
                case 'backdrop':
                  fireEvent.mouseDown(d.parentElement!);
                  break;
              }
              // focus goes back to the button that opened the dialog
              act(() => {});
              expect(callButton()).toHaveFocus();
            },
          },
        });
        expect(actor.getSnapshot().value).toEqual(path.state.value);
        actor.stop();
      });
    }
  });

  it('the three views together cover every state and transition of the chart', () => {
    const result = machineCoverage(disclosureMachine, [...drawerPaths, ...userMenuPaths, ...dialogPaths]);
    printCoverage(result);
    expectFullCoverage(result);
  });
});
