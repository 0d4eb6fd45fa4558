// What the public pages read from the app system: the static content, the slider and who is logged in.
import { useSelector } from '@xstate/react';
import { useAppSystem } from '../../system/AppSystemContext';
import { useSession } from '../../system/useSession';
import { contentText } from '../../api/content';
import type { SliderItem, StaticContent } from '../../api/types';

export function useStaticContent(): StaticContent | null {
  const { boot } = useAppSystem();
  return useSelector(boot, (s) => s.context.staticContent);
}

export function useSliderItems(): SliderItem[] {
  const { boot } = useAppSystem();
  return useSelector(boot, (s) => s.context.slider ?? EMPTY);
}
const EMPTY: SliderItem[] = [];

export function useIsLoggedIn(): boolean {
  return useSession().loggedIn;
}

export function useSeoTitle(): string {
  return contentText(useStaticContent(), 'seo.title');
}
