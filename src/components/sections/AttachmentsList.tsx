// A list of documents, each with a Download button opening its url in a new tab (tiles on small screens).
import styled from 'styled-components';
import { useT } from '../../i18n/i18n';
import { media } from '../../../lib/theme';
import { AnchorButton } from '../ui/Button';
import type { Doc } from './types';

export function AttachmentsList({ items }: { items: Doc[] }) {
  const t = useT();
  if (items.length === 0) return null;
  return (
    <List data-testid="attachments">
      {items.map((doc) => (
        <li key={doc.id}>
          <span>{doc.displayName}</span>
          <AnchorButton variant="secondary" href={doc.url} target="_blank" rel="noopener noreferrer" download>
            {t('offer.download')} <span className="visually-hidden">{doc.displayName}</span>
          </AnchorButton>
        </li>
      ))}
    </List>
  );
}

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 16px;
    padding: 12px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  ${media.down('sm')} {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 12px;
    li {
      flex-direction: column;
      align-items: stretch;
      padding: 12px;
      border: 1px solid ${({ theme }) => theme.colors.border};
      border-radius: ${({ theme }) => theme.radius}px;
    }
  }
`;
