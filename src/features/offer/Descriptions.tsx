// The offer's collapsible description sections (SPEC §2): an accordion machine decides which one is
// open; opening one scrolls it smoothly to 90 px below the top; the panels animate in 0.25 s.
import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import styled from 'styled-components';
import { accordionMachine, type AccordionActorRef } from '../../../machines/accordion.machine';
import { ChevronDownIcon } from '../../components/ui/icons';
import { ServerHtml } from '../../components/ui/ServerHtml';

export const ACCORDION_SCROLL_OFFSET = 90; // SPEC §9
export const ACCORDION_ANIMATION_S = 0.25; // SPEC §9

export function scrollToWithOffset(element: Element | null, offset = ACCORDION_SCROLL_OFFSET): void {
  if (!element) return;
  const top = element.getBoundingClientRect().top + window.scrollY - offset;
  const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top, behavior: reduced ? 'auto' : 'smooth' });
}

/** The page's accordion actor, its scroll effect wired to the item headers of `idPrefix`. */
export function useDescriptionsAccordion(count: number, idPrefix: string): AccordionActorRef {
  return useActorRef(
    accordionMachine.provide({
      actions: {
        scrollToItem: (_, { index }) => scrollToWithOffset(document.getElementById(`${idPrefix}-${index}`)),
      },
    }),
    { input: { count } },
  );
}

export interface DescriptionItem {
  title: string;
  content: string;
}

export function Descriptions({ items, actorRef, idPrefix }: { items: DescriptionItem[]; actorRef: AccordionActorRef; idPrefix: string }) {
  const openIndex = useSelector(actorRef, (s) => s.context.openIndex);
  const uid = useId();
  if (items.length === 0) return null;
  return (
    <List data-testid="descriptions">
      {items.map((item, i) => {
        const open = openIndex === i;
        const panelId = `${uid}-panel-${i}`;
        return (
          <Item key={`${item.title}-${i}`} id={`${idPrefix}-${i}`}>
            <h3>
              <Header
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => actorRef.send({ type: 'accordion.toggled', index: i })}
              >
                <span>{item.title}</span>
                <Chevron $open={open}>
                  <ChevronDownIcon />
                </Chevron>
              </Header>
            </h3>
            <Panel id={panelId} role="region" aria-label={item.title} $open={open} aria-hidden={!open} inert={!open}>
              <div>
                <ServerHtml html={item.content} className="content" />
              </div>
            </Panel>
          </Item>
        );
      })}
    </List>
  );
}

const List = styled.div`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Item = styled.div`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h3 {
    margin: 0;
  }
`;

const Header = styled.button`
  display: flex;
  width: 100%;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  padding: 18px 4px;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.brown};
  font-size: 1.15rem;
  font-weight: 700;
  text-align: left;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Chevron = styled.span<{ $open: boolean }>`
  display: inline-flex;
  transition: transform ${ACCORDION_ANIMATION_S}s;
  transform: rotate(${({ $open }) => ($open ? 180 : 0)}deg);
`;

const Panel = styled.div<{ $open: boolean }>`
  display: grid;
  grid-template-rows: ${({ $open }) => ($open ? '1fr' : '0fr')};
  visibility: ${({ $open }) => ($open ? 'visible' : 'hidden')};
  transition:
    grid-template-rows ${ACCORDION_ANIMATION_S}s ease,
    visibility ${ACCORDION_ANIMATION_S}s;
  > div {
    overflow: hidden;
  }
  .content {
    padding: 0 4px 18px;
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;
