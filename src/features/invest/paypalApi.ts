// The PayPal calls of docs/api.md "PayPal" for the return page, over the one HTTP client.
import type { PayPalReturnAnswer, RetryAnswer } from '../../../contract/paypal';
import type { TransactionsAnswer } from '../../../contract/transactions';
import type { Http } from '../../api/http';

export function createPayPalApi(http: Http) {
  return {
    /** POST /order/{id}/paypal/return: the server asks PayPal, captures once, and answers the outcome. */
    confirm: (orderId: string, token: string | null, signal?: AbortSignal) =>
      http<PayPalReturnAnswer>(`/order/${encodeURIComponent(orderId)}/paypal/return`, {
        method: 'POST',
        body: token ? { token } : {},
        signal,
      }),

    /** POST /transaction/retry: a new PayPal approval for the same order. */
    retryPayPal: (orderId: string, thankYouPageUrlPattern: string | undefined, signal?: AbortSignal) =>
      http<RetryAnswer>('/transaction/retry', {
        method: 'POST',
        body: thankYouPageUrlPattern ? { orderId, thankYouPageUrlPattern } : { orderId },
        signal,
      }),

    /** POST /transaction/retry with the BankTransfer method (its id from GET /transaction). */
    async switchToBankTransfer(orderId: string, signal?: AbortSignal) {
      const answer = await http<TransactionsAnswer>('/transaction', { query: { 'pagination[pageSize]': 1 }, signal });
      const bank = answer.methods.find((m) => m.codeName === 'BankTransfer');
      return http<RetryAnswer>('/transaction/retry', { method: 'POST', body: { orderId, ...(bank ? { method: bank.id } : {}) }, signal });
    },
  };
}
