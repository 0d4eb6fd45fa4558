// Who is signed in, as the views may draw it.
//
// The server renders a public page for an anonymous visitor: it cannot know who holds the tokens in a browser's
// storage, only that a cookie says someone does (then the header keeps the sign-in button's place without showing
// it: `pending`). The browser hydrates that HTML, so its hydrating render must draw what the server drew: while
// React hydrates, this hook answers as the server did, and once the page is React's it answers with the session
// itself and the views draw the visitor's own frame (React re-renders every component whose answer changed:
// `useSyncExternalStore`'s server snapshot is read during hydration only).
import { useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import { useFirstLoads } from '../ssr/firstLoads';
import type { User } from '../api/types';
import { useAppSystem } from './AppSystemContext';

export interface Session {
  loggedIn: boolean;
  user: User | null;
  /** drawn as the server drew it for a visitor whose cookie says they hold a session: their frame is to come */
  pending: boolean;
}

const subscribeToNothing = () => () => {};
const afterHydration = () => false;
const onServerOrHydrating = () => true;

/** True on the server and while the browser hydrates the server's HTML; false in every later render. */
export function useServerRender(): boolean {
  return useSyncExternalStore(subscribeToNothing, afterHydration, onServerOrHydrating);
}

export function useSession(): Session {
  const { auth } = useAppSystem();
  const first = useFirstLoads();
  const asServer = useServerRender() && first !== null;
  const loggedIn = useSelector(auth, (s) => s.hasTag('loggedIn'));
  const user = useSelector(auth, (s) => s.context.user ?? null);
  if (asServer) return { loggedIn: false, user: null, pending: first.preferences.signedIn };
  return { loggedIn, user, pending: false };
}
