// Skeletons animate with a transform (the compositor's work), never background-position, which repaints
// every skeleton on the main thread in every frame. The images' skeleton (src/components/media/Image.tsx) and the
// investor area's list skeleton, which now draws the same shimmer in each row.
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { Image } from '../../../src/components/media/Image';
import { Skeleton as InvestorSkeleton } from '../../../src/components/investor/ui';
import { loadTexts, renderView } from '../layout/render';

beforeAll(loadTexts);

/** Every @keyframes block styled-components has put into the document. */
function keyframeBlocks(): string[] {
  const css = Array.from(document.querySelectorAll('style'))
    .map((s) => s.textContent ?? '')
    .join('\n');
  return css.match(/@keyframes[^{]*\{(?:[^{}]*\{[^}]*\})*[^}]*\}/g) ?? [];
}

describe('skeleton animations', () => {
  it('the investor list skeleton draws one shimmer per row, animated by transform only', () => {
    renderView(<InvestorSkeleton rows={4} testId="list-skeleton" />);
    const list = screen.getByTestId('list-skeleton');
    expect(list).toHaveAttribute('aria-busy', 'true');
    const rows = Array.from(list.querySelectorAll('li'));
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row.querySelector('span[aria-hidden="true"]')).not.toBeNull();
    const blocks = keyframeBlocks();
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      expect(block).toMatch(/transform/);
      expect(block).not.toMatch(/background-position/);
    }
  });

  it("the images' skeleton too", () => {
    renderView(<Image src="/x.jpg" alt="x" />);
    expect(screen.getByTestId('image-skeleton')).toBeInTheDocument();
    for (const block of keyframeBlocks()) expect(block).not.toMatch(/background-position/);
  });
});
