// The screens this feature puts on the route table (src/config/paths.ts), merged by src/app/Routes.tsx.
import type { RouteName } from '../../config/paths';
import type { Screen } from '../../app/screen';

export const publicScreens: Partial<Record<RouteName, Screen>> = {};
