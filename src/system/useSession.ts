// Who is signed in, as the views may draw it.
//
// The server renders a public page for an anonymous visitor: it cannot know who holds the tokens in a browser's
// storage, only that a cookie says someone does (then the header keeps the sign-in button's place without showing
// it: `pending`). The browser hydrates that HTML, so its hydrating render must draw what the server drew: while
// React hydrates, this hook answers as the server did (`useSyncExternalStore`'s server snapshot is read during
// hydration only), and once the page is React's it answers with the session itself. The answer it compares is one
// word, so a visitor whom the server drew as they are (anonymous, no cookie) costs no render after hydration:
// React renders again, at once and as one task, only when the word changed.
import { useSelector } from '@xstate/react';
import { useCallback, useSyncExternalStore } from 'react';
import { useFirstLoads } from '../ssr/firstLoads';
import type { User } from '../api/types';
import { useAppSystem } from './AppSystemContext';

export interface Session {
  loggedIn: boolean;
  user: User | null;
  /** drawn as the server drew it for a visitor whose cookie says they hold a session: their frame is to come */
  pending: boolean;
}

type Drawn = 'anonymous' | 'pending' | 'signedIn';

export function useSession(): Session {
  const { auth } = useAppSystem();
  const first = useFirstLoads();
  const user = useSelector(auth, (s) => s.context.user ?? null);
  const subscribe = useCallback(
    (changed: () => void) => {
      const subscription = auth.subscribe(changed);
      return () => subscription.unsubscribe();
    },
    [auth],
  );
  const drawn = useSyncExternalStore<Drawn>(
    subscribe,
    () => (auth.getSnapshot().hasTag('loggedIn') ? 'signedIn' : 'anonymous'),
    () => (first === null ? 'anonymous' : first.preferences.signedIn ? 'pending' : 'anonymous'),
  );
  if (drawn === 'signedIn') return { loggedIn: true, user, pending: false };
  return { loggedIn: false, user: null, pending: drawn === 'pending' };
}
