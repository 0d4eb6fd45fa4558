// An image already in the browser's cache can finish loading before React listens for its load event (the
// offer's sticky bar shows the same picture as the page above it): it must show, not stay hidden as loading.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent } from '@testing-library/react';
import { Image } from '../../../src/components/media/Image';
import { renderView } from '../layout/render';

describe('Image', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows an image that was complete before its load event could be heard', () => {
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(640);
    const { container } = renderView(<Image src="/media/zielone-tarasy.webp" alt="" />);
    expect(container.querySelector('[data-status]')).toHaveAttribute('data-status', 'loaded');
  });

  it('waits for the load of an image not there yet, and starts over for a new picture', () => {
    const view = renderView(<Image src="/media/a.webp" alt="" />);
    const box = () => view.container.querySelector('[data-status]');
    expect(box()).toHaveAttribute('data-status', 'loading');
    fireEvent.load(view.container.querySelector('img')!);
    expect(box()).toHaveAttribute('data-status', 'loaded');
    view.rerender(<Image src="/media/b.webp" alt="" />);
    expect(box()).toHaveAttribute('data-status', 'loading');
  });
});
