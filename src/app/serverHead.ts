// The head the server sent with the page (server/pages/head.ts): its canonical address, language alternates, Open
// Graph and Twitter card tags, robots and JSON-LD, each marked `data-head`. They describe the address the page was
// loaded at, and nothing in the app keeps them up to date, so once the app shows another address they are taken out
// rather than left describing the wrong page. The title and the description are the app's to set on every page
// (usePageTitle, useMetaDescription), so the server leaves them unmarked.
import { useEffect, useRef } from 'react';

export const SERVER_HEAD_ATTRIBUTE = 'data-head';

/** Removes the server's head tags of the first page. */
export function dropServerHead(doc: Document = document): void {
  for (const el of Array.from(doc.head.querySelectorAll(`[${SERVER_HEAD_ATTRIBUTE}]`))) el.remove();
}

/** Drops the server's head tags once the path differs from the one the page was loaded at. */
export function useServerHead(pathname: string): void {
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname !== first.current) dropServerHead();
  }, [pathname]);
}
