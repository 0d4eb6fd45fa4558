// Parts of the frame that no first screen draws, loaded on demand: the mobile drawer when it is
// opened, the signed-in user's menu when someone is signed in.
import { lazyComponent } from '../../screens/lazyComponent';

export const LazyMobileDrawer = lazyComponent(() => import('./MobileDrawer').then((m) => m.MobileDrawer));
export const LazyUserMenu = lazyComponent(() => import('./UserMenu').then((m) => m.UserMenu));
