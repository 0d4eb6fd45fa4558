// styled-components keeps one style sheet per page for the life of the page: a component's rules are written the
// first time it renders and stay. The web project shares one jsdom per worker between test files
// (vitest.config.ts), so without this a file that runs late matches the rules of every component the files before
// it drew, and jsdom's getComputedStyle (which Testing Library's role queries call for every candidate element
// and its ancestors) matches each rule of the page again: the knowledge test's file took 30–36 s run first and
// 78–80 s run after 40 or more other files (hundreds of rules against its own 26). Forgetting the sheet between
// files makes each file match only the rules of what it draws (docs/testing.md has the figures).
//
// This is what styled-components itself does to start a fresh sheet (its React cache reset): forget the names
// and keyframes it has written and the <style> element it writes into, so the next render writes them again into
// a new one. Only between files, when nothing is mounted (Testing Library unmounts after each test).
import { __PRIVATE__ } from 'styled-components';

export function forgetStyledSheet(doc: Document = document): void {
  const { mainSheet } = __PRIVATE__;
  mainSheet.names.clear();
  mainSheet.keyframeIds.clear();
  mainSheet.clearTag();
  for (const style of Array.from(doc.querySelectorAll('style[data-styled]'))) style.remove();
}
