// Pieces the account screens share: the page frame, success and error notices, and error texts.
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { useTranslateError } from '../../i18n/i18n';

/** An error code's text from the error catalogue (the dictionary's "errors" namespace); null without a code. */
export function useErrorText() {
  const translateError = useTranslateError();
  return useCallback((code: string | null | undefined): string | null => (code ? translateError(code) : null), [translateError]);
}

/**
 * The message beside a field: the client's check first (react-hook-form's error message is a code), else
 * the server's code for it (`serverName` when the server names the field otherwise: `bank.country`). The
 * one helper of every account form.
 */
export function useFieldMessage(clientErrors: Partial<Record<string, { message?: unknown } | undefined>>, serverErrors: Record<string, string>) {
  const text = useErrorText();
  return (name: string, serverName = name) => text((clientErrors[name]?.message as string | undefined) || serverErrors[serverName]);
}

/** Moves focus to the element when `key` changes (a new step or result), so screen readers follow. */
export function useFocusOnChange<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [key]);
  return ref;
}

export const AccountPage = styled.section`
  max-width: ${({ theme }) => theme.layout.sectionNarrowWidth}px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.layout.sectionPadding}px ${({ theme }) => theme.layout.sectionPaddingSmall}px;
  display: grid;
  gap: 16px;
  h1,
  h2 {
    margin: 0;
  }
  h1:focus,
  h2:focus {
    outline: none;
  }
`;

export const Success = styled.p.attrs({ role: 'status' })`
  margin: 0;
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.greenLight};
  color: ${({ theme }) => theme.colors.success};
  font-weight: 700;
`;

/** Errors looked up by code, in red (SPEC §8), announced as an alert. */
export function ErrorList({ codes }: { codes: string[] }) {
  const text = useErrorText();
  if (!codes.length) return null;
  return (
    <ErrorBox role="alert">
      {codes.map((code, i) => (
        <p key={`${code}-${i}`}>{text(code)}</p>
      ))}
    </ErrorBox>
  );
}

/** A text in red, announced as an alert. */
export function ErrorMessage({ children }: { children: ReactNode }) {
  return (
    <ErrorBox role="alert">
      <p>{children}</p>
    </ErrorBox>
  );
}

const ErrorBox = styled.div`
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius}px;
  border: 1px solid ${({ theme }) => theme.colors.error};
  color: ${({ theme }) => theme.colors.error};
  p {
    margin: 0;
  }
`;

export const Form = styled.form`
  display: grid;
  gap: 16px;
`;

export const Grid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
`;

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;
