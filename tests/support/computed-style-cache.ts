// Testing Library's role queries ask jsdom for the computed style of every candidate element, of each of its
// ancestors (is it hidden?) and of every node an accessible name is computed from; jsdom answers each call by
// matching every rule of the page's style sheets again (docs/testing.md, "Where the time goes"). Between two
// changes to the page the answer cannot change, so it is kept until the next change.
//
// What counts as a change: any mutation of the document (elements, attributes, text: styled-components writes
// its rules as text into <style> elements in tests), a rule inserted or deleted through the CSSOM, focus
// moving, a form control's state changing, and the window being resized. MutationObserver delivers records
// a microtask late, so every lookup first takes the records still pending; the observer's own callback clears
// the cache for those it is handed. Styles of pseudo-elements are not kept.
// Not seen: a control's `checked` or `value` set by a script without an event (React does so for controlled
// inputs). No rule of the app makes what the queries read (display, visibility) depend on :checked or a value;
// a rule that did would need that change to clear the cache too.
// tests/unit/computedStyleCache.test.ts checks each kind of change.

type GetComputedStyle = typeof window.getComputedStyle;

export function installComputedStyleCache(win: Window & typeof globalThis = window): () => void {
  const original: GetComputedStyle = win.getComputedStyle;
  let cache = new WeakMap<Element, CSSStyleDeclaration>();
  const clear = () => {
    cache = new WeakMap();
  };

  const observer = new win.MutationObserver(clear);
  observer.observe(win.document, { subtree: true, childList: true, attributes: true, characterData: true });

  const stateEvents = ['focusin', 'focusout', 'input', 'change', 'reset'] as const;
  for (const type of stateEvents) win.document.addEventListener(type, clear, true);
  win.addEventListener('resize', clear);

  const sheet = win.CSSStyleSheet.prototype;
  const { insertRule, deleteRule } = sheet;
  sheet.insertRule = function (this: CSSStyleSheet, ...args: Parameters<CSSStyleSheet['insertRule']>) {
    clear();
    return insertRule.apply(this, args);
  };
  sheet.deleteRule = function (this: CSSStyleSheet, ...args: Parameters<CSSStyleSheet['deleteRule']>) {
    clear();
    return deleteRule.apply(this, args);
  };

  win.getComputedStyle = function getComputedStyle(element: Element, pseudoElement?: string | null) {
    if (pseudoElement) return original.call(win, element, pseudoElement);
    if (observer.takeRecords().length) clear();
    let style = cache.get(element);
    if (!style) {
      style = original.call(win, element);
      cache.set(element, style);
    }
    return style;
  } as GetComputedStyle;

  return () => {
    observer.disconnect();
    for (const type of stateEvents) win.document.removeEventListener(type, clear, true);
    win.removeEventListener('resize', clear);
    sheet.insertRule = insertRule;
    sheet.deleteRule = deleteRule;
    win.getComputedStyle = original;
  };
}
