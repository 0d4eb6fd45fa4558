// The FAQ page (SPEC §2 "FAQ"): block content from `faq.*` (title, subtitle, buttonText, buttonUrl) and
// the items of GET /faq, one expanded at a time. With no items, a contact-us call to action links to the
// contact route.
import styled from 'styled-components';
import { useAppSystem } from '../../system/AppSystemContext';
import { contentText } from '../../api/content';
import type { Screen } from '../../screens/screen';
import { LinkButton } from '../../components/ui/Button';
import { useLoad } from '../../components/ui/useLoad';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { faqTitle } from '../../config/pageTitles';
import { href } from '../../../contract/routes';
import { useLanguage, useT } from '../../i18n/i18n';
import { fetchFaq } from './api';
import { DescriptionBlock, Section } from './Blocks';
import { ContentLinkButton } from './ContentLinkButton';
import { FaqList, FaqSkeleton } from './FaqList';
import { useStaticContent } from './useSiteContent';

export const FaqPage: Screen = () => {
  const t = useT();
  const language = useLanguage();
  const { http } = useAppSystem();
  const content = useStaticContent();
  const title = faqTitle(content, t('content.faq.title'));
  usePageTitle(title);
  const load = useLoad((_: { language: string }, signal) => fetchFaq(http, signal), { language });
  const items = load.data ?? [];
  const buttonText = contentText(content, 'faq.buttonText');
  return (
    <Section testId="page-faq" labelledBy="faq-title">
      <Narrow>
        <h1 id="faq-title">{title}</h1>
        <DescriptionBlock html={contentText(content, 'faq.subtitle')} className="subtitle" />
        {load.skeleton ? (
          <FaqSkeleton />
        ) : load.status === 'success' && items.length > 0 ? (
          <>
            <FaqList items={items} />
            {buttonText && (
              <Cta>
                <ContentLinkButton url={contentText(content, 'faq.buttonUrl')}>{buttonText}</ContentLinkButton>
              </Cta>
            )}
          </>
        ) : (
          // No items (or none could be loaded): ask the visitor to write to us instead.
          <Cta data-testid="faq-empty">
            <p>{t('content.faq.empty')}</p>
            <LinkButton href={href(language, 'contact')}>{buttonText || t('content.faq.contactUs')}</LinkButton>
          </Cta>
        )}
      </Narrow>
    </Section>
  );
};

const Narrow = styled.div`
  max-width: ${({ theme }) => theme.layout.sectionNarrowWidth}px;
  margin: 0 auto;
  .subtitle {
    color: ${({ theme }) => theme.colors.textMuted};
    margin-bottom: 24px;
  }
`;

const Cta = styled.div`
  margin-top: 32px;
  text-align: center;
  p {
    margin: 0 0 16px;
  }
`;
