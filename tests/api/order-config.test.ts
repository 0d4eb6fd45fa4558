import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

// Orders configuration (server/config.ts): payment window, reminder, the receiving bank account. A wrong
// account stops the start with a message naming the variable.

describe('orders configuration', () => {
  it('has demo defaults with a valid account', () => {
    const config = loadConfig({});
    expect(config.orderPaymentHours).toBe(72);
    expect(config.orderReminderHoursBefore).toBe(24);
    expect(config.poolSize).toBe(10);
    expect(config.bankAccount).toEqual({
      holder: 'Estate Shares Sp. z o.o.',
      address: 'ul. Marszałkowska 100, 00-026 Warszawa',
      bankName: 'Bank Demo S.A.',
      accountNumber: '61109010140000071219812874',
      swift: 'WBKPPLPP',
    });
    expect(loadConfig({ NODE_ENV: 'test' }).orderWorker).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', ORDER_WORKER: 'true' }).orderWorker).toBe(true);
  });

  it('accepts an account written with spaces or as a PL IBAN', () => {
    expect(loadConfig({ BANK_ACCOUNT_NUMBER: 'PL61 1090 1014 0000 0712 1981 2874' }).bankAccount.accountNumber).toBe('61109010140000071219812874');
    expect(loadConfig({ BANK_SWIFT: 'wbkpplppxxx' }).bankAccount.swift).toBe('WBKPPLPPXXX');
  });

  it('stops on a wrong checksum, a wrong length, a bad SWIFT or an empty holder', () => {
    const fails = (env: Record<string, string>, variable: string) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(new RegExp(variable));
    };
    fails({ BANK_ACCOUNT_NUMBER: '62109010140000071219812874' }, 'BANK_ACCOUNT_NUMBER: must be a 26-digit');
    fails({ BANK_ACCOUNT_NUMBER: '6110901014000007121981287' }, 'BANK_ACCOUNT_NUMBER');
    fails({ BANK_SWIFT: 'WBK' }, 'BANK_SWIFT');
    fails({ BANK_ACCOUNT_HOLDER: '  ' }, 'BANK_ACCOUNT_HOLDER');
    fails({ ORDER_PAYMENT_HOURS: '0' }, 'ORDER_PAYMENT_HOURS');
  });
});

describe('payment method registry', () => {
  it('starts with BankTransfer only; PayPal is registered by its integration', async () => {
    const { createPaymentMethodRegistry, bankTransferHandler } = await import('../../server/modules/orders/payment-methods');
    const registry = createPaymentMethodRegistry();
    expect(registry.has('BankTransfer')).toBe(true);
    expect(registry.get('BankTransfer')).toBe(bankTransferHandler);
    expect(registry.has('PayPal')).toBe(false);
    const payPal = { codeName: 'PayPal' as const, confirmationMail: () => null, afterCreate: async () => ({ codeName: 'PayPal' as const, approveUrl: 'https://example.test' }) };
    registry.register(payPal);
    expect(registry.get('PayPal')).toBe(payPal);
  });
});
