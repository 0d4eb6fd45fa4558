// Structural HTML checks a screen reader depends on and jsdom does not enforce.
import { expect } from 'vitest';

/**
 * List markup is valid: every <li> is a child of a <ul>/<ol> that kept its list role (a role on the list
 * takes its semantics away), and every <dt>/<dd> sits in a <dl> (directly or in one wrapping <div>).
 */
export function expectValidListMarkup(root: ParentNode = document): void {
  for (const li of Array.from(root.querySelectorAll('li'))) {
    const list = li.parentElement;
    expect(list && /^(UL|OL|MENU)$/.test(list.tagName), `<li> "${li.textContent}" outside a list`).toBe(true);
    const role = list!.getAttribute('role');
    expect(role === null || role === 'list', `<li> "${li.textContent}" in a list with role="${role}"`).toBe(true);
  }
  for (const item of Array.from(root.querySelectorAll('dt, dd'))) {
    const parent = item.parentElement;
    const dl = parent?.tagName === 'DL' ? parent : parent?.tagName === 'DIV' && parent.parentElement?.tagName === 'DL' ? parent.parentElement : null;
    expect(dl, `<${item.tagName.toLowerCase()}> "${item.textContent}" outside a <dl>`).not.toBeNull();
  }
}
