// Forgetting styled-components' sheet between test files (tests/support/styled-sheet.ts, called by setup-dom.ts
// before each file): a file starts with no rule of the files before it, and what it draws is styled again.
import { render, screen } from '@testing-library/react';
import styled, { keyframes } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { forgetStyledSheet } from '../support/styled-sheet';

const spin = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const Hidden = styled.p`
  display: none;
  animation: ${spin} 1s;
`;

function styledRules(): string[] {
  return Array.from(document.querySelectorAll('style[data-styled]')).flatMap((style) =>
    Array.from((style as HTMLStyleElement).sheet?.cssRules ?? []).map((rule) => rule.cssText),
  );
}

// Drawn while the file is collected, before the setup's beforeAll runs: what a file before this one leaves.
render(<Hidden>from before</Hidden>).unmount();
const leftBefore = styledRules().length;

describe('forgetting the styled-components sheet', () => {
  it('starts the file with the rules of no other file', () => {
    expect(leftBefore).toBeGreaterThan(0);
    // setup-dom.ts forgot the sheet before the file's tests, and nothing has been drawn since
    expect(styledRules()).toEqual([]);
  });

  it('drops every rule written so far, and a component drawn again is styled again', () => {
    const first = render(<Hidden>drawn</Hidden>);
    expect(screen.queryByText('drawn')).not.toBeVisible();
    expect(styledRules().some((rule) => rule.includes('display: none'))).toBe(true);
    first.unmount();

    forgetStyledSheet();
    expect(styledRules()).toEqual([]);

    render(<Hidden>drawn again</Hidden>);
    // without the names forgotten too, styled-components would think the rules written and the text would show
    expect(screen.queryByText('drawn again')).not.toBeVisible();
    const rules = styledRules();
    expect(rules.some((rule) => rule.includes('display: none'))).toBe(true);
    expect(rules.some((rule) => rule.startsWith('@keyframes'))).toBe(true);
    expect(document.querySelectorAll('style[data-styled]')).toHaveLength(1);
  });
});
