// Skeletons animate with a transform (the compositor's work), never background-position, which repaints
// every skeleton on the main thread in every frame. The images' skeleton (src/components/media/Image.tsx) and the
// investor area's list skeleton, which now draws the same shimmer in each row.
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { Image } from '../../../src/components/media/Image';
import { Skeleton as InvestorSkeleton } from '../../../src/components/investor/ui';
import { loadTexts, renderView } from '../layout/render';

beforeAll(loadTexts);

/** The @keyframes blocks the element's own rules animate with (the document holds other components' too). */
function keyframeBlocks(element: Element): string[] {
  const css = Array.from(document.querySelectorAll('style'))
    .map((s) => s.textContent ?? '')
    .join('\n');
  const names = new Set<string>();
  for (const cls of Array.from(element.classList)) {
    for (const [, body] of css.matchAll(new RegExp(`\\.${cls}[^{]*\\{([^}]*)\\}`, 'g'))) {
      for (const [, value] of body!.matchAll(/animation(?:-name)?:([^;}]*)/g)) {
        for (const word of value!.trim().split(/[\s,]+/)) names.add(word);
      }
    }
  }
  return (css.match(/@keyframes[^{]*\{(?:[^{}]*\{[^}]*\})*[^}]*\}/g) ?? []).filter((block) =>
    names.has(block.slice('@keyframes'.length).split('{')[0]!.trim()),
  );
}

describe('skeleton animations', () => {
  it('the investor list skeleton draws one shimmer per row, animated by transform only', () => {
    renderView(<InvestorSkeleton rows={4} testId="list-skeleton" />);
    const list = screen.getByTestId('list-skeleton');
    expect(list).toHaveAttribute('aria-busy', 'true');
    const rows = Array.from(list.querySelectorAll('li'));
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      const shimmer = row.querySelector('span[aria-hidden="true"]');
      expect(shimmer).not.toBeNull();
      const blocks = keyframeBlocks(shimmer!);
      expect(blocks.length).toBeGreaterThan(0);
      for (const block of blocks) {
        expect(block).toMatch(/transform/);
        expect(block).not.toMatch(/background-position/);
      }
    }
  });

  it("the images' skeleton too", () => {
    renderView(<Image src="/x.jpg" alt="x" />);
    const skeleton = screen.getByTestId('image-skeleton');
    const animated = [skeleton, ...Array.from(skeleton.querySelectorAll('*'))].flatMap(keyframeBlocks);
    expect(animated.length).toBeGreaterThan(0);
    for (const block of animated) {
      expect(block).toMatch(/transform/);
      expect(block).not.toMatch(/background-position/);
    }
  });
});
