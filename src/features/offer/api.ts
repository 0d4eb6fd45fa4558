// The contact calls of docs/api.md "Public site", over the app's one HTTP client: the contact form's
// agreements and the message itself. A failure is the caller's to show (never swallowed here).
import type { ContactMessage } from '../../../machines/contactForm.machine';
import type { Http } from '../../api/http';
import type { Agreement } from './types';

export function createContactApi(http: Http) {
  return {
    agreements(signal?: AbortSignal): Promise<Agreement[]> {
      return http<Agreement[]>('/offers/contact/agreements', { signal });
    },
    send(message: ContactMessage, signal?: AbortSignal): Promise<unknown> {
      return http('/contact-form', { method: 'POST', body: message, signal });
    },
  };
}
