// The white card a step, the order summary, the thank-you page or a settings section sits on: one
// spelling of its padding, corners, background and shadow (with a 16 px grid gap between its children).
import styled, { css } from 'styled-components';

export const panelCss = css`
  display: grid;
  gap: 16px;
  padding: 24px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.white};
  box-shadow: ${({ theme }) => theme.shadow};
`;

/** A page's main heading on a panel (a step, the thank-you page). */
export const panelTitleCss = css`
  h1 {
    margin: 0;
    font-size: 1.6rem;
    color: ${({ theme }) => theme.colors.brown};
  }
`;

export const Panel = styled.section`
  ${panelCss}
`;
