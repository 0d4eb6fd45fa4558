// Shared form fields: a disabled checkbox ignores changes (SPEC §5); errors are tied to their field.
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from '../../../src/components/forms/Checkbox';
import { TextField } from '../../../src/components/forms/TextField';
import { theme } from '../../../lib/theme';

const wrap = (ui: React.ReactNode) => render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);

describe('Checkbox', () => {
  it('a disabled checkbox ignores changes', () => {
    const onChange = vi.fn();
    wrap(<Checkbox label="Terms" checked={false} disabled onChange={onChange} required />);
    fireEvent.click(screen.getByRole('checkbox', { name: /Terms/ }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('an enabled one reports the new value; a required one shows an asterisk', () => {
    const onChange = vi.fn();
    wrap(<Checkbox label="Terms" checked={false} onChange={onChange} required />);
    fireEvent.click(screen.getByRole('checkbox', { name: /Terms/ }));
    expect(onChange).toHaveBeenCalledWith(true);
    expect(screen.getByText('*')).toBeInTheDocument();
  });

  it('an error is an alert the checkbox is described by', () => {
    wrap(<Checkbox label="Terms" checked={false} onChange={() => {}} error="Required" />);
    const box = screen.getByRole('checkbox');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)).toHaveTextContent('Required');
    expect(screen.getByRole('alert')).toHaveTextContent('Required');
  });
});

describe('TextField', () => {
  it('labels the input and points aria-describedby at the error', () => {
    wrap(<TextField label="E-mail" name="email" error="E-mail is required" hint="We never share it" />);
    const input = screen.getByLabelText('E-mail');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const ids = input.getAttribute('aria-describedby')!.split(' ');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual(['E-mail is required', 'We never share it']);
  });

  it('without an error it is valid and describes nothing', () => {
    wrap(<TextField label="City" name="city" />);
    expect(screen.getByLabelText('City')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('City')).not.toHaveAttribute('aria-describedby');
  });

  it('a blur from a press on a button is handed on after that click, one from the keyboard at once', async () => {
    const order: string[] = [];
    wrap(
      <form onSubmit={(e) => (e.preventDefault(), order.push('submit'))}>
        <TextField label="City" name="city" onBlur={() => order.push('blur')} />
        <button type="submit">Save</button>
      </form>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('City'));
    await user.pointer({ keys: '[MouseLeft>]', target: screen.getByRole('button') });
    expect(order).toEqual([]);
    await user.pointer({ keys: '[/MouseLeft]', target: screen.getByRole('button') });
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(order).toEqual(['submit', 'blur']);
    await user.click(screen.getByLabelText('City'));
    await user.tab();
    expect(order).toEqual(['submit', 'blur', 'blur']);
  });
});
