// The locked-details prompt. SPEC §2 says it hides when "a check (not shown) says the user may see
// details"; our check is: the visitor is logged in. The button link is a content link (a route name such as
// `login`, a path, or an external URL), resolved like the other content buttons.
import styled from 'styled-components';
import { resolveContentUrl } from '../../config/contentLinks';
import { useLanguage } from '../../i18n/i18n';
import { AnchorButton, LinkButton } from '../ui/Button';
import { ServerHtml } from '../ui/ServerHtml';
import { SectionBlock } from './SectionBlock';
import { useSectionEnvironment } from './SectionContext';
import type { SectionOf } from './types';

export default function UnlockDetailsSection({ section }: { section: SectionOf<'unlockDetails'> }) {
  const { loggedIn } = useSectionEnvironment();
  const language = useLanguage();
  if (loggedIn) return null; // may see details
  const link = resolveContentUrl(language, section.unlockDetailsSectionButtonLink);
  const text = section.unlockDetailsSectionButtonText;
  return (
    <SectionBlock title={section.title} type="unlockDetails">
      <Box>
        <ServerHtml html={section.unlockDetailsSectionDescription ?? ''} />
        {link && text &&
          (link.kind === 'external' ? (
            <AnchorButton href={link.to} target="_blank" rel="noopener noreferrer">
              {text}
            </AnchorButton>
          ) : (
            <LinkButton href={link.to}>{text}</LinkButton>
          ))}
      </Box>
    </SectionBlock>
  );
}

const Box = styled.div`
  padding: 24px;
  border: 2px dashed ${({ theme }) => theme.colors.green};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.greenLight};
  text-align: center;
`;
