// The message beside a field (or a form), announced as an alert. Renders nothing without a message, so
// a field can always point aria-describedby at it only when it exists.
import type { ReactNode } from 'react';
import styled from 'styled-components';

export function FieldError({ id, children, className }: { id?: string; children?: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <Message id={id} role="alert" className={className}>
      {children}
    </Message>
  );
}

const Message = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error};
  font-size: 0.9rem;
`;
