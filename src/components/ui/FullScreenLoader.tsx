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

/** Covers the page while the app boots; blocks body scrolling while shown (SPEC §2 "Other UI").
 *  `machine` and `state` name the chart state it shows (data attributes, read by the storyboard). */
export function FullScreenLoader({ label, machine, state }: { label?: string; machine?: string; state?: string }) {
  useScrollLock(true);
  return (
    <Overlay data-testid="full-screen-loader" data-machine={machine} data-state={state}>
      <Spinner label={label} />
    </Overlay>
  );
}
