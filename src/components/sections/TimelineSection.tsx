// A timeline (SPEC §2): a slider of 4 items per view (2 medium, 1 small) that starts at the current item;
// arrows only with more than 4 items (more than 2 on small screens); done / current / upcoming styling;
// read-more expands one item at a time (an accordion machine starting closed), only for items with content.
import { useActorRef, useSelector } from '@xstate/react';
import styled, { css } from 'styled-components';
import { accordionMachine } from '../../../machines/accordion.machine';
import { useLanguage, useT } from '../../i18n/i18n';
import { Image } from '../media/Image';
import { useScreenSize } from '../offers/useScreen';
import { Slider } from '../media/slick';
import { ServerHtml } from '../ui/ServerHtml';
import { formatDate } from '../../../lib/format';
import { SectionBlock } from './SectionBlock';
import {
  currentIndexOf,
  TIMELINE_CONTENT_MAX_HEIGHT,
  TIMELINE_PER_VIEW,
  timelineArrows,
  timelineStatus,
  type TimelineStatus,
} from './timeline';
import type { SectionOf } from './types';

function ArrowButton({ onClick, label, side }: { onClick?: () => void; label: string; side: 'prev' | 'next' }) {
  return (
    <Arrow type="button" $side={side} onClick={onClick} aria-label={label}>
      {side === 'prev' ? '‹' : '›'}
    </Arrow>
  );
}

export default function TimelineSection({ section }: { section: SectionOf<'timeline'> }) {
  const t = useT();
  const language = useLanguage();
  const items = section.elements;
  const current = currentIndexOf(items);
  const readMore = useActorRef(accordionMachine, { input: { count: items.length, firstOpen: false } });
  const expanded = useSelector(readMore, (s) => s.context.openIndex);
  const screen = useScreenSize();
  if (items.length === 0) return null;

  // The view's own screen class decides how many items show (4, 2 on medium, 1 on small) rather than
  // react-slick's `responsive` settings, which it applies only after its first layout and not from the
  // first paint the server drew; the slider starts over on a change of class.
  const perView = Math.min(TIMELINE_PER_VIEW[screen], items.length);
  const start = Math.max(0, Math.min(current, items.length - perView));
  return (
    <SectionBlock title={section.title} type="timeline">
      <Wrap data-testid="timeline" data-per-view={perView}>
        <Slider
          key={screen}
          infinite={false}
          speed={400}
          slidesToShow={perView}
          slidesToScroll={1}
          initialSlide={start}
          arrows={timelineArrows(items.length, screen === 'large' ? 'large' : 'small')}
          prevArrow={<ArrowButton side="prev" label={t('offer.timeline.previous')} />}
          nextArrow={<ArrowButton side="next" label={t('offer.timeline.next')} />}
        >
          {items.map((item, i) => {
            const status = timelineStatus(i, current);
            const open = expanded === i;
            return (
              <Item key={`${item.label}-${i}`} $status={status} data-status={status} aria-current={status === 'current' ? 'step' : undefined}>
                <Dot aria-hidden="true" />
                {item.date && <time dateTime={item.date}>{formatDate(item.date, language, 'monthYear')}</time>}
                <h3>{item.label}</h3>
                {item.thumbUrl && <Image src={item.thumbUrl} alt="" ratio="4 / 3" loading="lazy" />}
                {item.content && (
                  <>
                    {open && (
                      <Content id={`${section.id}-item-${i}`}>
                        <ServerHtml html={item.content} />
                      </Content>
                    )}
                    <ReadMore
                      type="button"
                      aria-expanded={open}
                      aria-controls={`${section.id}-item-${i}`}
                      onClick={() => readMore.send({ type: 'accordion.toggled', index: i })}
                    >
                      {open ? t('offer.timeline.readLess') : t('offer.timeline.readMore')}
                    </ReadMore>
                  </>
                )}
              </Item>
            );
          })}
        </Slider>
      </Wrap>
    </SectionBlock>
  );
}

const Wrap = styled.div`
  position: relative;
  padding: 0 40px;
  .slick-track {
    display: flex;
  }
`;

const Arrow = styled.button<{ $side: 'prev' | 'next' }>`
  position: absolute;
  top: 12px;
  ${({ $side }) => ($side === 'prev' ? 'left: -40px;' : 'right: -40px;')}
  width: 36px;
  height: 36px;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.white};
  font-size: 1.5rem;
  line-height: 1;
  cursor: pointer;
  &.slick-disabled {
    opacity: 0.35;
    cursor: default;
  }
`;

const Dot = styled.span`
  display: block;
  width: 16px;
  height: 16px;
  margin-bottom: 8px;
  border-radius: 50%;
  border: 3px solid currentColor;
`;

const Item = styled.div<{ $status: TimelineStatus }>`
  padding: 0 12px 8px;
  border-top: 3px solid;
  padding-top: 12px;
  ${({ $status, theme }) =>
    $status === 'done'
      ? css`
          color: ${theme.colors.green};
          border-color: ${theme.colors.green};
          ${Dot} {
            background: ${theme.colors.green};
          }
        `
      : $status === 'current'
        ? css`
            color: ${theme.colors.brown};
            border-color: ${theme.colors.green};
            font-weight: 700;
            ${Dot} {
              background: ${theme.colors.focus};
              border-color: ${theme.colors.brown};
            }
          `
        : css`
            color: ${theme.colors.textMuted};
            border-color: ${theme.colors.border};
            opacity: 0.7;
          `}
  h3 {
    margin: 4px 0 8px;
    font-size: 1rem;
  }
`;

const Content = styled.div`
  max-height: ${TIMELINE_CONTENT_MAX_HEIGHT}px;
  overflow-y: auto;
  font-weight: 400;
  color: ${({ theme }) => theme.colors.text};
`;

const ReadMore = styled.button`
  margin-top: 8px;
  padding: 4px 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.green};
  font-weight: 700;
  text-decoration: underline;
  cursor: pointer;
`;
