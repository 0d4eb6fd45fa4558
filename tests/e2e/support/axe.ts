import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules every accessibility check runs: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core on the page as it is now, with the WCAG A/AA rules.
 *
 * Run in the page itself (AxeBuilder's `setLegacyMode`): its default opens a blank page for every analysis to merge
 * the frames' partial results, which roughly doubled each check's time (back office, 12 screens: 23.7 → 12.8 s of
 * axe, docs/testing.md). What the default adds is cross-origin frames, and the only one the app has is a video
 * embed, whose content is not ours (and which does not load in the suite, which has no internet).
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true);
}
