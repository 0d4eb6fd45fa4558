// A checkbox with a label (text or server HTML) and its error. SPEC §5: a required one shows an asterisk;
// a disabled one ignores changes.
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { FieldError } from './FieldError';
import { describedBy, Required } from './styles';

export interface CheckboxProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  error?: string | null;
  id?: string;
}

export function Checkbox({ label, checked, onChange, name, required, disabled, error, id: givenId }: CheckboxProps) {
  const auto = useId();
  const id = givenId ?? auto;
  const errorId = `${id}-error`;
  return (
    <Wrap>
      <Row>
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={checked}
          disabled={disabled}
          aria-required={required || undefined}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(error && errorId)}
          onChange={(e) => {
            if (disabled) return;
            onChange(e.target.checked);
          }}
        />
        <label htmlFor={id}>
          {label}
          {required && <Required aria-hidden="true">*</Required>}
        </label>
      </Row>
      <FieldError id={errorId}>{error}</FieldError>
    </Wrap>
  );
}

const Wrap = styled.div`
  display: grid;
  gap: 4px;
`;

const Row = styled.div`
  display: flex;
  gap: 10px;
  align-items: flex-start;
  input {
    width: 20px;
    height: 20px;
    margin: 2px 0 0;
    flex: none;
    accent-color: ${({ theme }) => theme.colors.green};
  }
  input:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  label p {
    margin: 0;
  }
`;
