import styled from 'styled-components';
import { Spinner } from './Spinner';
import { useScrollLock } from './useScrollLock';

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 2000;
  display: flex;
  align-items: center;
  justify-content: center;
  background: ${({ theme }) => theme.colors.cream};
`;

/** Covers the page while the app boots; blocks body scrolling while shown (SPEC §2 "Other UI"). */
export function FullScreenLoader({ label }: { label?: string }) {
  useScrollLock(true);
  return (
    <Overlay data-testid="full-screen-loader">
      <Spinner label={label} />
    </Overlay>
  );
}
