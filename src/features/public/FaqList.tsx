// FAQ items (SPEC §2 "FAQ"): question and HTML answer, only one expanded at a time; opening another closes
// the open one, clicking the open one closes it — the accordion chart (machines/accordion.machine.ts, none
// open at start). Questions are buttons with aria-expanded/aria-controls.
import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import styled from 'styled-components';
import { accordionMachine } from '../../../machines/accordion.machine';
import { ServerHtml } from '../../components/ui/ServerHtml';
import type { FaqItem } from './api';

/** `headingLevel`: the questions' level, one below the heading the list sits under (the FAQ page's h1: 2). */
export function FaqList({ items, headingLevel = 2 }: { items: readonly FaqItem[]; headingLevel?: 2 | 3 }) {
  // other items (another language) are another accordion
  return <FaqAccordion key={items.map((i) => i.id).join(' ')} items={items} headingLevel={headingLevel} />;
}

function FaqAccordion({ items, headingLevel }: { items: readonly FaqItem[]; headingLevel: 2 | 3 }) {
  const Question = `h${headingLevel}` as 'h2';
  const accordion = useActorRef(accordionMachine, { input: { count: items.length, firstOpen: false } });
  const openIndex = useSelector(accordion, (s) => s.context.openIndex);
  const base = useId();
  return (
    <List data-testid="faq-list">
      {items.map((item, index) => {
        const expanded = openIndex === index;
        const panelId = `${base}-${item.id}`;
        return (
          <li key={item.id}>
            <Question>
              <button type="button" aria-expanded={expanded} aria-controls={panelId} onClick={() => accordion.send({ type: 'accordion.toggled', index })}>
                <span>{item.question}</span>
                <span aria-hidden="true">{expanded ? '−' : '+'}</span>
              </button>
            </Question>
            <div id={panelId} role="region" aria-label={item.question} hidden={!expanded}>
              <ServerHtml html={item.answer} />
            </div>
          </li>
        );
      })}
    </List>
  );
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  h2,
  h3 {
    margin: 0;
    font-size: 1.17em;
  }
  button {
    display: flex;
    justify-content: space-between;
    gap: 16px;
    width: 100%;
    padding: 18px 4px;
    border: none;
    background: none;
    font: inherit;
    font-size: 1.05rem;
    font-weight: 700;
    text-align: left;
    color: ${({ theme }) => theme.colors.brown};
    cursor: pointer;
  }
  [role='region'] {
    padding: 0 4px 16px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const FaqSkeleton = styled.div.attrs({ 'aria-hidden': true, 'data-testid': 'faq-skeleton' })`
  height: 240px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.greenLight};
`;
