// About us (SPEC §2 "About us"): title, about block with logo, project cards, and a footer call-to-action
// band (title, subtitle, button with buttonText and buttonUrl; the button is disabled without a url; the
// band is hidden when all three texts are empty). Everything comes from the static content `about.*`.
import styled from 'styled-components';
import { contentNode } from '../../api/content';
import type { Screen } from '../../screens/screen';
import { isBlankHtml } from '../../components/offers/html';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { aboutTitle } from '../../config/pageTitles';
import { useT } from '../../i18n/i18n';
import { media } from '../../../lib/theme';
import { DescriptionBlock, InfoCard, Section } from './Blocks';
import { ContentLinkButton } from './ContentLinkButton';
import { child, groups, image, text } from './contentNodes';
import { useStaticContent } from './useSiteContent';

export const AboutPage: Screen = () => {
  const t = useT();
  const content = useStaticContent();
  const about = contentNode(content, 'about');
  const title = aboutTitle(content, t('content.about.title'));
  usePageTitle(title);
  const block = child(about, 'about');
  const logo = image(block, 'image');
  const projects = groups(child(about, 'projects'));
  return (
    <div data-testid="page-about">
      <Section labelledBy="about-title">
        <h1 id="about-title">{title}</h1>
        {!isBlankHtml(text(block, 'title'), text(block, 'text')) && (
          <AboutBlock data-testid="about-block">
            {logo && <img src={logo.src} alt={logo.alt || t('content.about.logo')} />}
            <div>
              {text(block, 'title') && <h2>{text(block, 'title')}</h2>}
              <DescriptionBlock html={text(block, 'text')} />
            </div>
          </AboutBlock>
        )}
      </Section>
      {projects.length > 0 && (
        <Section tone="cream" label={t('content.about.projects')}>
          <h2>{t('content.about.projects')}</h2>
          <Projects>
            {projects.map(([key, project]) => (
              <li key={key}>
                <InfoCard
                  title={text(project, 'title')}
                  description={text(project, 'text')}
                  image={image(project, 'image')}
                  buttonText={text(project, 'buttonText')}
                  buttonUrl={text(project, 'buttonUrl')}
                  testId="about-project"
                />
              </li>
            ))}
          </Projects>
        </Section>
      )}
      <FooterBand node={child(about, 'footer')} />
    </div>
  );
};

function FooterBand({ node }: { node: ReturnType<typeof child> }) {
  const title = text(node, 'title');
  const subtitle = text(node, 'subtitle');
  const buttonText = text(node, 'buttonText');
  if (isBlankHtml(title, subtitle, buttonText)) return null;
  return (
    <Section tone="green" testId="about-footer" labelledBy={title ? 'about-footer-title' : undefined}>
      <Band>
        {title && <h2 id="about-footer-title">{title}</h2>}
        <DescriptionBlock html={subtitle} />
        {buttonText && (
          <ContentLinkButton url={text(node, 'buttonUrl')} disabledWhenMissing>
            {buttonText}
          </ContentLinkButton>
        )}
      </Band>
    </Section>
  );
}

const AboutBlock = styled.div`
  display: grid;
  grid-template-columns: 200px minmax(0, 1fr);
  gap: 32px;
  align-items: center;
  ${media.down('sm')} {
    grid-template-columns: 1fr;
  }
  img {
    max-width: 100%;
    height: auto;
  }
`;

const Projects = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 24px;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  img {
    width: 100%;
    height: auto;
  }
`;

const Band = styled.div`
  text-align: center;
  p {
    margin: 0 0 20px;
  }
`;
