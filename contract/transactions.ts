import { z } from 'zod';
import { pagedSchema } from './envelope';
import { transactionMethodSchema } from './investment';
import { transactionSchema } from './orders';

// GET /transaction (docs/api.md "Orders and payments"): the transaction methods with their commission
// for `amount` (grosze; 0 when absent) and the caller's transactions, paged.

export const transactionQuerySchema = z.object({
  amount: z
    .string()
    .regex(/^\d{1,15}$/, 'VALUE_NOT_VALID')
    .transform(Number)
    .optional(),
});

export const transactionsAnswerSchema = pagedSchema(transactionSchema).extend({
  methods: z.array(transactionMethodSchema),
});
export type TransactionsAnswer = z.infer<typeof transactionsAnswerSchema>;
