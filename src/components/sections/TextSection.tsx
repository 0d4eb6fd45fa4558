import { ServerHtml } from '../ui/ServerHtml';
import { SectionBlock } from './SectionBlock';
import type { SectionOf } from './types';

export default function TextSection({ section }: { section: SectionOf<'text'> }) {
  return (
    <SectionBlock title={section.title} type="text">
      <ServerHtml html={section.content} />
    </SectionBlock>
  );
}
