// Building blocks of the content-managed sections: a page section, an info card and a description block.
// SPEC §2 "Other UI": info cards and description blocks render nothing when empty after stripping HTML.
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { isBlankHtml } from '../../components/offers/html';
import { ServerHtml } from '../../components/ui/ServerHtml';
import { media } from '../../../lib/theme';
import { ContentLinkButton } from './ContentLinkButton';
import type { ContentImage } from './contentNodes';

export const PageSection = styled.section<{ $tone?: 'plain' | 'cream' | 'green' }>`
  padding: ${({ theme }) => theme.layout.sectionPadding}px ${({ theme }) => theme.layout.sectionPaddingSmall}px;
  background: ${({ $tone = 'plain', theme }) =>
    $tone === 'cream' ? theme.colors.cream : $tone === 'green' ? theme.colors.greenLight : 'transparent'};
  ${media.down('md')} {
    padding: 32px ${({ theme }) => theme.layout.sectionPaddingSmall}px;
  }
  > .inner {
    max-width: ${({ theme }) => theme.layout.sectionMaxWidth}px;
    margin: 0 auto;
  }
  h1,
  h2 {
    color: ${({ theme }) => theme.colors.brown};
    margin: 0 0 16px;
  }
`;

export function Section({
  children,
  tone,
  label,
  labelledBy,
  testId,
}: {
  children: ReactNode;
  tone?: 'plain' | 'cream' | 'green';
  label?: string;
  labelledBy?: string;
  testId?: string;
}) {
  return (
    <PageSection $tone={tone} aria-label={label} aria-labelledby={labelledBy} data-testid={testId}>
      <div className="inner">{children}</div>
    </PageSection>
  );
}

/** HTML from content, or nothing when it is empty once stripped of tags. */
export function DescriptionBlock({ html, className }: { html: string | null | undefined; className?: string }) {
  if (isBlankHtml(html)) return null;
  return <ServerHtml html={html ?? ''} className={className} />;
}

export interface InfoCardProps {
  title?: string;
  description?: string;
  image?: ContentImage | null;
  hoverText?: string;
  buttonText?: string;
  buttonUrl?: string;
  headingLevel?: 2 | 3;
  testId?: string;
}

/** Title, HTML description, image and link; nothing at all when title and description are blank. */
export function InfoCard({ title, description, image, hoverText, buttonText, buttonUrl, headingLevel = 3, testId }: InfoCardProps) {
  if (isBlankHtml(title, description)) return null;
  const Heading = `h${headingLevel}` as 'h3';
  return (
    <Card data-testid={testId ?? 'info-card'} title={hoverText || undefined}>
      {image && <img src={image.src} alt={image.alt} loading="lazy" />}
      {!isBlankHtml(title) && <Heading>{title}</Heading>}
      <DescriptionBlock html={description} />
      {buttonText && <ContentLinkButton url={buttonUrl}>{buttonText}</ContentLinkButton>}
    </Card>
  );
}

const Card = styled.article`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 24px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.white};
  box-shadow: ${({ theme }) => theme.shadow};
  img {
    max-width: 100%;
    height: auto;
    align-self: flex-start;
  }
  h3 {
    margin: 0;
    color: ${({ theme }) => theme.colors.brown};
  }
  p {
    margin: 0;
  }
  a,
  button {
    align-self: flex-start;
    margin-top: auto;
  }
`;
