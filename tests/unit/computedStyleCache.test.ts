// The web tests' computed-style cache (tests/support/computed-style-cache.ts, installed by setup-dom.ts): a
// style is kept between two changes to the page, and every kind of change gives the new style.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

let style: HTMLStyleElement;
let box: HTMLDivElement;
let input: HTMLInputElement;

beforeEach(() => {
  style = document.createElement('style');
  style.textContent = '.box { display: block; } .gone { display: none; }';
  document.head.append(style);
  input = document.createElement('input');
  input.type = 'checkbox';
  box = document.createElement('div');
  box.className = 'box';
  document.body.append(input, box);
});

// the web project shares one document between files: nothing stays behind
afterEach(() => {
  style.remove();
  input.remove();
  box.remove();
  document.querySelectorAll('section.gone').forEach((e) => e.remove());
});

describe('the computed-style cache', () => {
  it('answers a second call from the cache while nothing changed', () => {
    const first = getComputedStyle(box);
    expect(first.display).toBe('block');
    expect(getComputedStyle(box)).toBe(first);
  });

  it('is installed on window, which Testing Library and dom-accessibility-api call', () => {
    expect(window.getComputedStyle).toBe(getComputedStyle);
    expect(window.getComputedStyle.name).toBe('getComputedStyle');
    expect(String(window.getComputedStyle)).toContain('cache');
  });

  it('sees an attribute change in the same task', () => {
    expect(getComputedStyle(box).display).toBe('block');
    box.classList.add('gone');
    expect(getComputedStyle(box).display).toBe('none');
    box.removeAttribute('class');
    box.style.display = 'inline';
    expect(getComputedStyle(box).display).toBe('inline');
  });

  it('sees the rules of a <style> rewritten and an element inserted', () => {
    expect(getComputedStyle(box).display).toBe('block');
    style.textContent = '.box { display: flex; } .gone { display: none; }';
    expect(getComputedStyle(box).display).toBe('flex');
    style.firstChild!.nodeValue = '.box { display: grid; } .gone { display: none; }';
    expect(getComputedStyle(box).display).toBe('grid');
    const wrapper = document.createElement('section');
    wrapper.className = 'gone';
    document.body.append(wrapper);
    expect(getComputedStyle(wrapper).display).toBe('none');
  });

  // jsdom itself neither restyles on a rule inserted through the CSSOM nor matches :focus against siblings,
  // so for these the cache is only shown to let go of what it kept.
  it('lets go of its styles when a rule is inserted or deleted through the CSSOM', () => {
    const sheet = style.sheet!;
    const before = getComputedStyle(box);
    const at = sheet.insertRule('.box { display: table; }', sheet.cssRules.length);
    const inserted = getComputedStyle(box);
    expect(inserted).not.toBe(before);
    sheet.deleteRule(at);
    expect(getComputedStyle(box)).not.toBe(inserted);
  });

  it('lets go of its styles when focus moves or a control changes', () => {
    const before = getComputedStyle(box);
    input.focus();
    const focused = getComputedStyle(box);
    expect(focused).not.toBe(before);
    input.click();
    const clicked = getComputedStyle(box);
    expect(clicked).not.toBe(focused);
    input.blur();
    expect(getComputedStyle(box)).not.toBe(clicked);
    window.dispatchEvent(new Event('resize'));
    const resized = getComputedStyle(box);
    window.dispatchEvent(new Event('resize'));
    expect(getComputedStyle(box)).not.toBe(resized);
  });

  it('sees a change after the mutation records were delivered', async () => {
    const before = getComputedStyle(box);
    box.classList.add('gone');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(getComputedStyle(box)).not.toBe(before);
    expect(getComputedStyle(box).display).toBe('none');
  });

  it('does not keep the styles of pseudo-elements', () => {
    expect(getComputedStyle(box, '::before')).not.toBe(getComputedStyle(box, '::before'));
  });
});
