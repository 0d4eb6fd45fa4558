// The look shared by every form field: label above, a bordered control, a red border and message when
// invalid, and a visible focus ring for keyboard users.
import styled, { css } from 'styled-components';

export const controlStyles = css`
  width: 100%;
  min-height: 44px;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.white};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error};
  }
  &:disabled {
    background: ${({ theme }) => theme.colors.cream};
    cursor: not-allowed;
  }
`;

export const FieldWrap = styled.div`
  display: grid;
  gap: 4px;
  /* side by side with a taller field (one with a hint), keep the rows at their own height */
  align-content: start;
  min-width: 0;
  label {
    font-weight: 700;
  }
  input:not([type='checkbox']),
  select,
  textarea {
    ${controlStyles}
  }
`;

export const Required = styled.span`
  color: ${({ theme }) => theme.colors.error};
  margin-left: 2px;
`;

export const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

/** Space-separated ids for aria-describedby, or undefined when there are none. */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}
