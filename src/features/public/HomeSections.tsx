// The five content-managed sections of the home page (SPEC §2): intro with its linked offer, icon tiles,
// a card with an image, a list card and a sponsor-style image band. All copy comes from the static
// content (`homepage.*`); a section whose copy is blank renders nothing.
import styled from 'styled-components';
import { Link } from 'wouter';
import type { ContentNode } from '../../api/types';
import { isBlankHtml } from '../../components/offers/html';
import { href } from '../../../contract/routes';
import { useLanguage } from '../../i18n/i18n';
import { media } from '../../../lib/theme';
import { Image } from '../../components/media/Image';
import { DescriptionBlock, InfoCard, Section } from './Blocks';
import { ContentLinkButton } from './ContentLinkButton';
import { child, groups, image, text } from './contentNodes';

// Content images have no stored size: each is drawn in a box of a fixed shape (cover), so the page does not move
// when it loads. The shapes of the seeded pictures: 4:3 for the section images, 3:2 for the band.
const CONTENT_IMAGE_RATIO = '4 / 3';
const BAND_IMAGE_RATIO = '3 / 2';

/** The intro's title is the page's main heading (h1). */
export function IntroSection({ node }: { node: ContentNode | null }) {
  const language = useLanguage();
  const title = text(node, 'title');
  const description = text(node, 'description');
  const slug = text(node, 'offerSlug');
  const offerTitle = text(node, 'offerTitle');
  const offerDescription = text(node, 'offerDescription');
  const img = image(node, 'image');
  if (isBlankHtml(title, description, offerTitle, offerDescription)) return null;
  const offerLink = slug ? href(language, 'offer', { slug }) : null;
  return (
    <Section testId="home-intro" labelledBy="home-intro-title">
      <Split>
        <div>
          <h1 id="home-intro-title">{title}</h1>
          <DescriptionBlock html={description} />
          {text(node, 'buttonText') && (
            <ContentLinkButton url={text(node, 'buttonUrl')}>{text(node, 'buttonText')}</ContentLinkButton>
          )}
        </div>
        {!isBlankHtml(offerTitle, offerDescription) && (
          <LinkedOffer data-testid="home-intro-offer">
            {img && <Image src={img.src} alt={img.alt} ratio={CONTENT_IMAGE_RATIO} className="content-image" />}
            {/* beside the page's h1: the next level down */}
            <h2>{offerLink ? <Link href={offerLink}>{offerTitle}</Link> : offerTitle}</h2>
            <DescriptionBlock html={offerDescription} />
          </LinkedOffer>
        )}
      </Split>
    </Section>
  );
}

export function TilesSection({ node }: { node: ContentNode | null }) {
  const tiles = groups(node);
  const title = text(node, 'title');
  const visible = tiles.filter(([, tile]) => !isBlankHtml(text(tile, 'title'), text(tile, 'text')));
  if (!visible.length) return null;
  return (
    <Section tone="cream" testId="home-tiles" labelledBy={title ? 'home-tiles-title' : undefined}>
      {title && <h2 id="home-tiles-title">{title}</h2>}
      <Tiles>
        {visible.map(([key, tile]) => (
          <li key={key}>
            <InfoCard title={text(tile, 'title')} description={text(tile, 'text')} image={image(tile, 'image')} testId="home-tile" />
          </li>
        ))}
      </Tiles>
    </Section>
  );
}

export function CardSection({ node }: { node: ContentNode | null }) {
  const title = text(node, 'title');
  const body = text(node, 'text');
  if (isBlankHtml(title, body)) return null;
  const img = image(node, 'image');
  const caption = text(node, 'imageCaption');
  return (
    <Section testId="home-card" labelledBy="home-card-title">
      <Split>
        {img && (
          <Figure>
            <Image src={img.src} alt={img.alt} ratio={CONTENT_IMAGE_RATIO} className="content-image" />
            {caption && <figcaption>{caption}</figcaption>}
          </Figure>
        )}
        <div>
          <h2 id="home-card-title">{title}</h2>
          <DescriptionBlock html={body} />
          {text(node, 'buttonText') && (
            <ContentLinkButton url={text(node, 'buttonUrl')}>{text(node, 'buttonText')}</ContentLinkButton>
          )}
        </div>
      </Split>
    </Section>
  );
}

export function ListCardSection({ node }: { node: ContentNode | null }) {
  const title = text(node, 'title');
  const intro = text(node, 'intro');
  const body = text(node, 'text');
  if (isBlankHtml(title, intro, body)) return null;
  const img = image(node, 'image');
  return (
    <Section tone="green" testId="home-list-card" labelledBy="home-list-card-title">
      <Split>
        <div>
          <h2 id="home-list-card-title">{title}</h2>
          <DescriptionBlock html={intro} />
          <DescriptionBlock html={body} className="list" />
          {text(node, 'buttonText') && (
            <ContentLinkButton url={text(node, 'buttonUrl')}>{text(node, 'buttonText')}</ContentLinkButton>
          )}
        </div>
        {img && <Image src={img.src} alt={img.alt} ratio={CONTENT_IMAGE_RATIO} className="content-image" />}
      </Split>
    </Section>
  );
}

export function SponsorBandSection({ node }: { node: ContentNode | null }) {
  const name = text(node, 'name');
  const title = text(node, 'title');
  const body = text(node, 'text');
  const images = ['image1', 'image2', 'image3'].map((k) => image(node, k)).filter((i) => i !== null);
  if (isBlankHtml(name, title, body) && !images.length) return null;
  return (
    <Section tone="cream" testId="home-sponsor" labelledBy="home-sponsor-title">
      {name && <Eyebrow>{name}</Eyebrow>}
      <h2 id="home-sponsor-title">{title || name}</h2>
      <DescriptionBlock html={body} />
      {images.length > 0 && (
        <Band>
          {images.map((img) => (
            <li key={img.src}>
              <Image src={img.src} alt={img.alt} ratio={BAND_IMAGE_RATIO} className="content-image" />
            </li>
          ))}
        </Band>
      )}
    </Section>
  );
}

export function homeNode(content: Record<string, ContentNode> | undefined, key: string): ContentNode | null {
  return child(content?.homepage ?? null, key);
}

const Split = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 40px;
  align-items: center;
  ${media.down('md')} {
    grid-template-columns: 1fr;
  }
  .content-image {
    border-radius: ${({ theme }) => theme.radius}px;
  }
`;

const LinkedOffer = styled.article`
  padding: 20px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.white};
  box-shadow: ${({ theme }) => theme.shadow};
  h2 {
    font-size: 1.17em;
    margin: 12px 0 8px;
  }
  h2 a {
    color: ${({ theme }) => theme.colors.green};
  }
`;

const Tiles = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 24px;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  li > article {
    height: 100%;
  }
  img {
    width: 56px;
    height: 56px;
  }
`;

const Figure = styled.figure`
  margin: 0;
  figcaption {
    margin-top: 8px;
    font-size: 0.9rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Eyebrow = styled.p`
  margin: 0 0 8px;
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.05em;
  color: ${({ theme }) => theme.colors.green};
`;

const Band = styled.ul`
  list-style: none;
  margin: 24px 0 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 16px;
  ${media.down('sm')} {
    grid-template-columns: 1fr;
  }
  .content-image {
    border-radius: ${({ theme }) => theme.radius}px;
  }
`;
