import styled, { keyframes } from 'styled-components';
import { useT } from '../../i18n/i18n';
import { theme } from '../../../lib/theme';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  border: ${({ $size }) => Math.max(2, Math.round($size / 10))}px solid ${({ theme }) => theme.colors.greenLight};
  border-top-color: ${({ theme }) => theme.colors.green};
  animation: ${spin} 0.8s linear infinite;
  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2.4s;
  }
`;

export interface SpinnerProps {
  /** px; SPEC §9: 40 by default */
  size?: number;
  /** accessible name; defaults to the translated "Loading…" */
  label?: string;
  className?: string;
}

/** A loading indicator announced to assistive technology as a status. */
export function Spinner({ size = theme.layout.spinnerSize, label, className }: SpinnerProps) {
  const t = useT();
  return (
    <span role="status" aria-label={label ?? t('common.loading')} className={className}>
      <Ring $size={size} aria-hidden="true" />
    </span>
  );
}
