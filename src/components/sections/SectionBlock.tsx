// The frame every section shares: an optional heading, then its body.
import type { ReactNode } from 'react';
import styled from 'styled-components';

export function SectionBlock({ title, type, children }: { title?: string | null; type: string; children: ReactNode }) {
  return (
    <Block data-section-type={type}>
      {title && <h2>{title}</h2>}
      {children}
    </Block>
  );
}

const Block = styled.div`
  h2 {
    margin: 0 0 16px;
    font-size: 1.5rem;
    color: ${({ theme }) => theme.colors.brown};
  }
`;
