import type { transactionMethods } from '../schema-orders';

// The two payment methods (SPEC §9). Commission in basis points: 0 for a bank transfer, 190 (1.9 %) for
// PayPal. Natural key: code_name; an operator's later changes (enabled, commission) are never overwritten.
export const transactionMethodSeed: (typeof transactionMethods.$inferInsert)[] = [
  { codeName: 'BankTransfer', name: { pl: 'Przelew bankowy', en: 'Bank transfer' }, enabled: true, commissionBasisPoints: 0, position: 1 },
  { codeName: 'PayPal', name: { pl: 'PayPal', en: 'PayPal' }, enabled: true, commissionBasisPoints: 190, position: 2 },
];
