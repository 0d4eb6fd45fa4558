// Counters that count from countFrom to countTo over animationDuration once scrolled into view.
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useLanguage } from '../../i18n/i18n';
import { numberFormat } from '../../../lib/format';
import { SectionBlock } from './SectionBlock';
import type { CounterElement, SectionOf } from './types';
import { useInView } from './useInView';
import { REDUCED_MOTION, useMediaQuery } from '../ui/useMediaQuery';

/** animationDuration is given in seconds when small (2.5), in milliseconds when large (2500). */
export function durationMs(animationDuration: number | null | undefined): number {
  const d = Number(animationDuration) || 0;
  if (d <= 0) return 0;
  return d < 100 ? d * 1000 : d;
}

function Counter({ element, duration, run }: { element: CounterElement; duration: number; run: boolean }) {
  const language = useLanguage();
  const reduced = useMediaQuery(REDUCED_MOTION);
  // No animation to run: the final number is shown as soon as the counters are in view.
  const instant = duration === 0 || reduced || typeof requestAnimationFrame === 'undefined';
  const [animated, setAnimated] = useState(element.countFrom);
  useEffect(() => {
    if (!run || instant) return undefined;
    let frame = 0;
    // timed by the frames' own clock: a frame's time may be earlier than performance.now() in this effect
    let startedAt: number | undefined;
    const tick = (now: number) => {
      startedAt ??= now;
      const p = Math.min(1, (now - startedAt) / duration);
      setAnimated(Math.round(element.countFrom + (element.countTo - element.countFrom) * p));
      if (p < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [run, instant, duration, element.countFrom, element.countTo]);
  const value = run && instant ? element.countTo : animated;
  const format = numberFormat(language);
  return (
    <Item style={{ color: element.color || undefined }}>
      {/* The final number is what assistive technology reads; the animation is decoration. */}
      <strong aria-hidden="true">{format.format(value)}</strong>
      <span className="visually-hidden">{format.format(element.countTo)}</span>
      <span>{element.label}</span>
      {element.subLabel && <small>{element.subLabel}</small>}
    </Item>
  );
}

export default function CounterSection({ section }: { section: SectionOf<'counter'> }) {
  const ref = useRef<HTMLDivElement>(null);
  const run = useInView(ref, { once: true });
  const elements = [...section.elements].sort((a, b) => a.position - b.position);
  return (
    <SectionBlock title={section.title} type="counter">
      <Row ref={ref}>
        {elements.map((e, i) => (
          <Counter key={`${e.label}-${i}`} element={e} duration={durationMs(section.animationDuration)} run={run} />
        ))}
      </Row>
    </SectionBlock>
  );
}

const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: 16px;
`;

const Item = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  color: ${({ theme }) => theme.colors.green};
  strong {
    font-size: 2.4rem;
  }
  span,
  small {
    color: ${({ theme }) => theme.colors.text};
  }
`;
