// The contact form's submit flow (SPEC §2 contact page, §5): the field values live in react-hook-form;
// this chart owns sending them. Validation is the server's: a 400 comes back with one error per field,
// which the view shows beside each input. On success the fields are reset, a success message shows and
// `form_submit` is pushed to the page's data layer (SPEC §4).
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { errorListFrom } from './types';
import { described } from './descriptions/describe';
import descriptions from './descriptions/contactForm';

export interface ContactMessage {
  fullName: string;
  email: string;
  phoneNumber: string;
  phoneCountry: string;
  message: string;
  agreements: { id: string; isAccepted: boolean }[];
}

export interface ContactFormError {
  code: string;
  context: string;
  message: string;
}

export interface ContactFormContext {
  /** the server's errors of the last attempt (each with its field context) */
  errors: ContactFormError[];
}

export type ContactFormEvent = { type: 'contact.submitted'; values: ContactMessage };

export const contactFormMachine = described(setup({
  types: {
    context: {} as ContactFormContext,
    events: {} as ContactFormEvent,
    tags: {} as 'submitting',
  },
  actors: {
    sendContactMessage: fromPromise<unknown, ContactMessage>(async () => {
      throw new Error('sendContactMessage not provided');
    }),
  },
  actions: {
    // The view resets react-hook-form's fields.
    resetFields: () => {},
    // window.dataLayer.push({ event: 'form_submit' }) (created when missing).
    trackFormSubmit: () => {},
  },
}).createMachine({
  id: 'contactForm',
  context: { errors: [] },
  initial: 'editing',
  states: {
    editing: {
      on: { 'contact.submitted': { target: 'submitting' } },
    },
    submitting: {
      tags: ['submitting'],
      invoke: {
        id: 'sendContactMessage',
        src: 'sendContactMessage',
        input: ({ event }) => (event as ContactFormEvent).values,
        onDone: { target: 'success', actions: [assign({ errors: [] }), 'resetFields', 'trackFormSubmit'] },
        onError: { target: 'editing', actions: assign({ errors: ({ event }) => errorListFrom(event.error) }) },
      },
    },
    success: {
      on: { 'contact.submitted': { target: 'submitting' } },
    },
  },
}), descriptions);

export type ContactFormActorRef = ActorRefFrom<typeof contactFormMachine>;
