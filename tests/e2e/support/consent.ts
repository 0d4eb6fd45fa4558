// The cookie banner answered before the page loads, as for a returning visitor who accepted: it is a notice above
// everything and would cover the lower part of the screen (banners.spec.ts tests the banner itself). The app
// reads only whether the cookie is there (src/components/layout/browserEffects.ts) and writes '1'.
import type { BrowserContext } from '@playwright/test';

export async function acceptCookies(context: BrowserContext, baseURL: string): Promise<void> {
  await context.addCookies([{ name: 'cookieConsentAccepted', value: '1', url: baseURL }]);
}
