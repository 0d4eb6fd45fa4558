// The step-with-first-error rule of the registration chart: after a failed submit the form goes back to
// the first step (account details, address, bank details) that has an error.
import { describe, expect, it } from 'vitest';
import { missingAgreements, stepOfField, stepOfFirstError, withoutStepErrors } from '../../../machines/registration.machine';

describe('stepOfField', () => {
  it.each([
    ['email', 'account'],
    ['password', 'account'],
    ['repeatPassword', 'account'],
    ['firstName', 'account'],
    ['lastName', 'account'],
    ['phone', 'account'],
    ['phoneCountry', 'account'],
    ['address.street', 'address'],
    ['address.country', 'address'],
    ['address', 'address'],
    ['bank.accountNumber', 'bank'],
    ['bank.country', 'bank'],
    ['agreements.3', 'bank'],
    ['', 'bank'],
  ])('%s is on the %s step', (field, step) => {
    expect(stepOfField(field)).toBe(step);
  });
});

describe('stepOfFirstError', () => {
  it('the earliest step wins, whatever the order of the errors', () => {
    expect(stepOfFirstError({ 'bank.accountNumber': 'X', 'address.city': 'IS_EMPTY', email: 'EMAIL_EXISTS' })).toBe('account');
    expect(stepOfFirstError({ 'bank.accountNumber': 'X', 'address.city': 'IS_EMPTY' })).toBe('address');
    expect(stepOfFirstError({ 'agreements.1': 'IS_EMPTY', 'bank.bankName': 'IS_EMPTY' })).toBe('bank');
  });

  it('errors tied to no field (TOO_MANY_TRIES, a network failure) stay on the last step', () => {
    expect(stepOfFirstError({ '': 'TOO_MANY_TRIES' })).toBe('bank');
    expect(stepOfFirstError({})).toBe('bank');
  });

  it('submitting a corrected step drops only that step\'s errors', () => {
    expect(withoutStepErrors({ email: 'EMAIL_EXISTS', 'address.city': 'IS_EMPTY' }, 'account')).toEqual({ 'address.city': 'IS_EMPTY' });
  });
});

describe('required agreements', () => {
  it('IS_EMPTY for each required one not accepted', () => {
    const agreements = [
      { id: 1, content: 'Terms', required: true },
      { id: 2, content: 'Marketing', required: false },
      { id: 3, content: 'Privacy', required: true },
    ];
    expect(missingAgreements(agreements, { '1': true, '2': false, '3': false })).toEqual({ 'agreements.3': 'IS_EMPTY' });
    expect(missingAgreements(agreements, { '1': true, '3': true })).toEqual({});
  });
});
