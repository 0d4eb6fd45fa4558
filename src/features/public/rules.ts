// Small rules of the public pages (SPEC §2), kept apart from the views so they can be tested alone.
import type { SliderItem } from '../../api/types';
import type { OfferSummary } from '../../components/offers/types';

export const HOMEPAGE_SLICE = 3;

/** SPEC §2: the first three offers that have a thumbnail are the homepage slice. */
export function homepageSlice<T extends Pick<OfferSummary, 'thumbUrl'>>(offers: readonly T[] | null | undefined): T[] {
  return (offers ?? []).filter((o) => Boolean(o.thumbUrl && o.thumbUrl.trim())).slice(0, HOMEPAGE_SLICE);
}

export interface SlideButton {
  label: string;
  url: string;
}

/**
 * SPEC §2: a logged-in user sees the logged-in label and URL, the URL falling back to the guest URL;
 * guests see only the guest button. No label or no URL: no button.
 */
export function slideButton(
  item: Pick<SliderItem, 'guestButtonLabel' | 'guestButtonUrl' | 'loggedUserButtonLabel' | 'loggedUserButtonUrl'>,
  isLoggedIn: boolean,
): SlideButton | null {
  const label = (isLoggedIn ? item.loggedUserButtonLabel : item.guestButtonLabel)?.trim() ?? '';
  const url = (isLoggedIn ? item.loggedUserButtonUrl?.trim() || item.guestButtonUrl : item.guestButtonUrl)?.trim() ?? '';
  return label && url ? { label, url } : null;
}
