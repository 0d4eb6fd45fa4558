// An image with its caption (title and description).
import styled from 'styled-components';
import { Image } from '../media/Image';
import { SectionBlock } from './SectionBlock';
import type { SectionOf } from './types';

export default function ImageSection({ section }: { section: SectionOf<'image'> }) {
  return (
    <SectionBlock type="image">
      <Figure>
        <Image src={section.imageUrl} alt={section.title || section.description || ''} ratio="16 / 9" loading="lazy" />
        {(section.title || section.description) && (
          <figcaption>
            {section.title && <strong>{section.title}</strong>}
            {section.description && <span>{section.description}</span>}
          </figcaption>
        )}
      </Figure>
    </SectionBlock>
  );
}

const Figure = styled.figure`
  margin: 0;
  figcaption {
    display: flex;
    flex-direction: column;
    gap: 4px;
    padding-top: 8px;
    color: ${({ theme }) => theme.colors.textMuted};
    strong {
      color: ${({ theme }) => theme.colors.text};
    }
  }
`;
