// Model-based test of the contact form's submit chart through the ContactForm view: every shortest path
// is played by a user (typing, ticking an agreement, Send) and by the injected POST /contact-form answer
// (success, field errors, a general error); each state is checked on screen.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactFormMachine, type ContactFormActorRef, type ContactMessage } from '../../machines/contactForm.machine';
import { ApiRequestError } from '../../src/api/http';
import { ContactForm } from '../../src/features/offer/ContactForm';
import {
  byValueAnd,
  createMachineTestModel,
  deferredActor,
  expectFullCoverage,
  machineCoverage,
  printCoverage,
  runPath,
} from '../support/model';
import { loadTexts, renderView } from '../unit/layout/render';

const AGREEMENTS = [
  { id: 'terms', content: '<p>I accept the <strong>terms</strong></p>', required: true },
  { id: 'news', content: '<p>Send me news</p>', required: false },
];

const FIELD_ERRORS = [
  { code: 'EMAIL_INVALID_FORMAT', context: 'email', message: 'E-mail invalid' },
  { code: 'MESSAGE_IS_EMPTY', context: 'message', message: 'Message empty' },
  { code: 'IS_EMPTY', context: 'agreements.terms', message: 'Required' },
];
const GENERAL_ERROR = [{ code: 'TOO_MANY_TRIES', context: '', message: 'Wait' }];

const events = [
  { type: 'contact.submitted', values: {} },
  { type: 'xstate.done.actor.sendContactMessage', output: null },
  { type: 'xstate.error.actor.sendContactMessage', error: new ApiRequestError(400, FIELD_ERRORS) },
  { type: 'xstate.error.actor.sendContactMessage', error: new ApiRequestError(429, GENERAL_ERROR) },
] as never[];

const byValue = byValueAnd();
const serializeState = (state: AnyMachineSnapshot, event?: EventObject, prev?: AnyMachineSnapshot) =>
  byValue(state, event, prev) +
  ' ' +
  JSON.stringify((state.context as { errors: { code: string }[] }).errors.map((e) => e.code));
const model = createMachineTestModel(contactFormMachine, { events, serializeState: serializeState as never });
const paths = model.getShortestPaths();

const input = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;

describe('contact form (model-based, ContactForm)', () => {
  beforeAll(loadTexts);
  beforeEach(() => {
    delete (window as { dataLayer?: unknown }).dataLayer;
  });

  for (const path of paths) {
    it(path.description, async () => {
      const send = deferredActor<unknown, ContactMessage>();
      let actor: ContactFormActorRef | null = null;
      renderView(<ContactForm agreements={AGREEMENTS} sendMessage={send.logic} onActor={(a) => (actor = a)} />);
      let successes = 0;
      await runPath(path, {
        states: {
          editing: (state) => {
            const errors = ((state as AnyMachineSnapshot).context as { errors: { code: string }[] }).errors;
            expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
            expect(screen.queryByTestId('contact-success')).toBeNull();
            if (errors.some((e) => e.code === 'EMAIL_INVALID_FORMAT')) {
              // each server error beside its field, through the errors dictionary
              expect(screen.getByTestId('error-email')).toHaveTextContent('E-mail has an invalid format');
              expect(input(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');
              expect(screen.getByTestId('error-message')).toHaveTextContent('Message is required');
              expect(screen.getByTestId('error-agreements.terms')).toHaveTextContent('This field is required');
              expect(screen.queryByTestId('error-fullName')).toBeNull();
            } else if (errors.length) {
              expect(screen.getByRole('alert')).toHaveTextContent('Too many tries. Wait a while until the next try');
            } else {
              expect(screen.queryByTestId('error-email')).toBeNull();
            }
          },
          submitting: () => {
            // busy, yet focusable: focus stays on it
            expect(screen.getByRole('button', { name: 'Sending…' })).toHaveAttribute('aria-busy', 'true');
            expect(screen.getByRole('button', { name: 'Sending…' })).toBeEnabled();
            expect(send.pending).toBe(true);
          },
          success: () => {
            expect(screen.getByTestId('contact-success')).toHaveTextContent('Your message has been sent');
            // fields reset
            expect(input(/^E-mail/).value).toBe('');
            expect(input(/^Full name/).value).toBe('');
            expect((screen.getByLabelText(/I accept the terms/) as HTMLInputElement).checked).toBe(false);
            expect((window as { dataLayer?: unknown[] }).dataLayer).toHaveLength(successes);
            expect((window as { dataLayer?: unknown[] }).dataLayer?.[0]).toEqual({ event: 'form_submit' });
          },
        },
        events: {
          'contact.submitted': async () => {
            fireEvent.change(input(/^E-mail/), { target: { value: 'ann@example.com' } });
            fireEvent.change(input(/^Full name/), { target: { value: 'Ann Smith' } });
            fireEvent.change(input(/^Message/), { target: { value: 'Hello' } });
            const terms = screen.getByLabelText(/I accept the terms/) as HTMLInputElement;
            if (!terms.checked) fireEvent.click(terms);
            await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
            await waitFor(() => expect(send.pending).toBe(true));
            expect(send.calls.at(-1)).toEqual({
              fullName: 'Ann Smith',
              email: 'ann@example.com',
              phoneNumber: '',
              phoneCountry: 'PL',
              message: 'Hello',
              agreements: [
                { id: 'terms', isAccepted: true },
                { id: 'news', isAccepted: false },
              ],
            });
          },
          'xstate.done.actor.sendContactMessage': async () => {
            successes += 1;
            await act(() => send.resolve(null));
          },
          'xstate.error.actor.sendContactMessage': async ({ event }) => {
            await act(() => send.reject(event.error));
          },
        },
      });
      expect(actor!.getSnapshot().value).toEqual(path.state.value);
    });
  }

  it('checks the phone for the chosen country on blur and on country change, and clears it when emptied', async () => {
    renderView(<ContactForm agreements={[]} sendMessage={deferredActor<unknown, ContactMessage>().logic} />);
    const phone = input(/^Phone number/);
    fireEvent.change(phone, { target: { value: '123' } });
    fireEvent.blur(phone);
    expect(await screen.findByTestId('error-phoneNumber')).toHaveTextContent('This phone number is not valid');
    fireEvent.change(phone, { target: { value: '501 234 567' } });
    fireEvent.blur(phone);
    await waitFor(() => expect(screen.queryByTestId('error-phoneNumber')).toBeNull());
    // valid in Poland, not in the United States
    fireEvent.change(screen.getByLabelText('Phone country'), { target: { value: 'US' } });
    expect(await screen.findByTestId('error-phoneNumber')).toBeInTheDocument();
    fireEvent.change(phone, { target: { value: '' } });
    await waitFor(() => expect(screen.queryByTestId('error-phoneNumber')).toBeNull());
  });

  it('marks required agreements with an asterisk', () => {
    renderView(<ContactForm agreements={AGREEMENTS} sendMessage={deferredActor<unknown, ContactMessage>().logic} />);
    expect(screen.getByLabelText(/I accept the terms/).closest('div')!.querySelector('abbr')).toHaveTextContent('*');
    expect(screen.getByLabelText(/Send me news/).closest('div')!.querySelector('abbr')).toBeNull();
    expect(screen.getByLabelText(/^Message/)).toHaveAttribute('rows', '5');
  });

  it('covers every state and transition of the chart', () => {
    const result = machineCoverage(contactFormMachine, paths);
    printCoverage(result);
    expectFullCoverage(result);
  });
});
