import { AttachmentsList } from './AttachmentsList';
import { SectionBlock } from './SectionBlock';
import type { SectionOf } from './types';

export default function DocumentsSection({ section }: { section: SectionOf<'documents'> }) {
  const items = section.elements.map((e) => e.attachment).filter(Boolean);
  if (items.length === 0) return null;
  return (
    <SectionBlock title={section.title} type="documents">
      <AttachmentsList items={items} />
    </SectionBlock>
  );
}
