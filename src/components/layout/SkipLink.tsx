import styled from 'styled-components';
import { useT } from '../../i18n/i18n';

/** The id of every frame's main element: the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

const Link = styled.a`
  position: absolute;
  left: 8px;
  top: -100px;
  z-index: 3000;
  padding: 8px 16px;
  background: ${({ theme }) => theme.colors.white};
  color: ${({ theme }) => theme.colors.green};
  font-weight: 700;
  &:focus {
    top: 8px;
  }
`;

/** "Skip to main content": the first stop of a frame, before its header (the main frame and the flow's). */
export function SkipLink() {
  const t = useT();
  return <Link href={`#${MAIN_CONTENT_ID}`}>{t('layout.skipToContent')}</Link>;
}
