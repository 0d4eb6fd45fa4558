// The error pages load on demand: no first screen draws them, and the not-found page brings offer
// cards with it. A route's screen renders these as it rendered the pages themselves.
import { lazyComponent } from '../screens/lazyComponent';
import { ChunkFailed, Loading } from '../screens/lazyScreen';
import { Spinner } from '../components/ui/Spinner';

const options = { fallback: <Loading><Spinner /></Loading>, failed: <ChunkFailed /> };

export const NotFoundPage = lazyComponent(() => import('./NotFoundPage').then((m) => m.NotFoundPage), options);
export const AccessDeniedPage = lazyComponent(() => import('./AccessDeniedPage').then((m) => m.AccessDeniedPage), options);
export const PlaceholderPage = lazyComponent(() => import('./PlaceholderPage').then((m) => m.PlaceholderPage), options);
