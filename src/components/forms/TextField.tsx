// A labelled text input with its error beside it: aria-invalid and aria-describedby point at the message.
// Takes every input prop (and `ref`), so `{...register('email')}` of react-hook-form fits straight in; its
// onBlur waits for a press on another control to end (blurAfterPress), so a check on blur cannot swallow a click.
import { useId, type ComponentProps, type ReactNode } from 'react';
import { blurAfterPress } from './blurAfterPress';
import { FieldError } from './FieldError';
import { describedBy, FieldWrap, Hint, Required } from './styles';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'children'> {
  label: ReactNode;
  /** the translated message, shown beside the field */
  error?: string | null;
  hint?: ReactNode;
  /** shown after the control (a button, say) */
  addon?: ReactNode;
  className?: string;
}

export function TextField({ label, error, hint, addon, required, id: givenId, className, onBlur, ...input }: TextFieldProps) {
  const auto = useId();
  const id = givenId ?? auto;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <FieldWrap className={className}>
      <label htmlFor={id}>
        {label}
        {required && <Required aria-hidden="true">*</Required>}
      </label>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      <div style={addon ? { display: 'flex', gap: 8, alignItems: 'center' } : undefined}>
        <input
          id={id}
          type="text"
          aria-required={required || undefined}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(error ? errorId : null, hint ? hintId : null)}
          {...input}
          onBlur={blurAfterPress(onBlur)}
        />
        {addon}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </FieldWrap>
  );
}
