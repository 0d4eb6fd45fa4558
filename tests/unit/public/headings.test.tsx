// Heading levels without jumps: the FAQ's questions sit one level below the heading above them.
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { FaqList } from '../../../src/features/public/FaqList';
import { loadTexts, renderView } from '../layout/render';

const items = [{ id: '1', question: 'What is a share?', answer: '<p>A part.</p>' }] as never;

describe('FAQ question levels', () => {
  beforeAll(loadTexts);

  it('under the FAQ page’s h1 the questions are h2', () => {
    renderView(<FaqList items={items} />);
    expect(screen.getByRole('heading', { name: /What is a share/ }).tagName).toBe('H2');
  });

  it('under the home page’s FAQ h2 they are h3', () => {
    renderView(<FaqList items={items} headingLevel={3} />);
    expect(screen.getByRole('heading', { name: /What is a share/ }).tagName).toBe('H3');
  });
});
