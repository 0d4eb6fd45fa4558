// LCP of the offer page: the server's picture of an offer page's top (server/routes/firstPaint.ts), as
// planned for a page (server/routes/spaHtml.ts planPage) from the page's answers. Pure: no database. What the
// served page holds is checked in http.test.ts; that the app replaces it in place, in tests/e2e/first-paint.spec.ts.
import { describe, expect, it } from 'vitest';
import { offerFirstPaint } from '../../server/routes/firstPaint';
import { planPage } from '../../server/routes/spaHtml';
import { requestKey } from '../../contract/page-data';

const OFFER = { title: 'Zielone Tarasy', templateName: 'default', imageUrl: '/media/offers/zielone-tarasy.svg', gallery: [] };
const SPLASH = { maintenanceMode: false, systemMaintenanceMode: false };
const answersFor = (offer: unknown, splash: unknown = SPLASH) => ({
  [requestKey('/splash-screen')]: splash,
  [requestKey('/offers/zielone-tarasy')]: offer,
});

describe("an offer page's first paint", () => {
  it('draws the logo, the photo as the hero background, the back link text and the title, hidden from assistive technology', () => {
    const paint = offerFirstPaint(OFFER, 'pl', '/pl/inwestycja/zielone-tarasy')!;
    expect(paint.html).toMatch(/^<div id="first-paint" data-path="\/pl\/inwestycja\/zielone-tarasy" aria-hidden="true" inert>/);
    expect(paint.html).toContain('Estate Shares');
    expect(paint.html).toContain('<div class="fp-hero" style="background-image:url(&quot;/media/offers/zielone-tarasy.svg&quot;)"></div>');
    expect(paint.html).toContain('← Wróć do inwestycji');
    expect(paint.html).toContain('<span class="fp-title">Zielone Tarasy</span>');
    // a picture: nothing to click, focus or read out
    expect(paint.html).not.toMatch(/<a\b|<button\b|<input\b|<h1\b|tabindex/);
    expect(paint.style).toMatch(/^<style id="first-paint-style">/);
    expect(paint.style).toContain('pointer-events:none');
    expect(offerFirstPaint(OFFER, 'en', '/en/investment/green-terraces')!.html).toContain('← Back to investments');
  });

  it('escapes what the operator wrote and draws no image from another origin or with characters that end the CSS url', () => {
    const hostile = offerFirstPaint(
      { ...OFFER, title: '<script>alert(1)</script> & "Co"' },
      'pl',
      '/pl/inwestycja/"><script>',
    )!;
    expect(hostile.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(hostile.html).toContain('data-path="/pl/inwestycja/&quot;&gt;&lt;script&gt;"');
    expect(hostile.html).not.toContain('<script');
    for (const imageUrl of ['https://elsewhere.example/x.jpg', '//elsewhere.example/x.jpg', '/x.jpg");background:url("/y', '/a b.jpg']) {
      const paint = offerFirstPaint({ ...OFFER, imageUrl }, 'pl', '/pl/inwestycja/x')!;
      expect(paint.html, imageUrl).toContain('<div class="fp-hero"></div>');
    }
  });

  it("draws a fullWidthGallery offer's first two photos side by side and the third wide, as the page does", () => {
    const gallery = [3, 1, 2].map((position) => ({ position, imageUrl: `/media/offers/interior-${position}.svg` }));
    const paint = offerFirstPaint({ ...OFFER, templateName: 'fullWidthGallery', gallery }, 'pl', '/pl/inwestycja/x')!;
    const images = [...paint.html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]);
    expect(images).toEqual(['/media/offers/interior-1.svg', '/media/offers/interior-2.svg', '/media/offers/interior-3.svg']);
    expect(paint.html).toMatch(/<div class="fp-pair">.*interior-1.*interior-2.*<\/div><div class="fp-wide">.*interior-3/);
    // no title: the page's badges row above it is not drawn, so the title would not be where the page puts it
    expect(paint.html).not.toContain('fp-title');
    // no third photo: the offer's own image goes wide
    const two = offerFirstPaint({ ...OFFER, templateName: 'fullWidthGallery', gallery: gallery.slice(1) }, 'pl', '/pl/inwestycja/x')!;
    expect(two.html).toContain('<div class="fp-wide"><span class="fp-img"><img src="/media/offers/zielone-tarasy.svg"');
  });

  it('draws nothing for an offer without a title', () => {
    expect(offerFirstPaint({ ...OFFER, title: '  ' }, 'pl', '/pl/inwestycja/x')).toBeNull();
    expect(offerFirstPaint(undefined, 'pl', '/pl/inwestycja/x')).toBeNull();
  });

  it('is planned for offer pages only, and not while the maintenance screen would show instead', () => {
    const plan = planPage('/pl/inwestycja/zielone-tarasy')!;
    expect(plan.firstPaint!(answersFor(OFFER))!.html).toContain('data-path="/pl/inwestycja/zielone-tarasy"');
    expect(plan.firstPaint!(answersFor(OFFER, { ...SPLASH, maintenanceMode: true }))).toBeNull();
    expect(plan.firstPaint!(answersFor(OFFER, { ...SPLASH, systemMaintenanceMode: true }))).toBeNull();
    // no splash answer: the app does not know yet what it will show
    expect(plan.firstPaint!({ [requestKey('/offers/zielone-tarasy')]: OFFER })).toBeNull();
    // an unknown offer (no 200 answer)
    expect(plan.firstPaint!(answersFor(undefined))).toBeNull();
    // a preview is not a public answer; other pages have no picture
    expect(planPage('/pl/inwestycja/zielone-tarasy?previewToken=x')!.firstPaint).toBeUndefined();
    for (const url of ['/pl', '/en/investments', '/pl/faq', '/en/login']) expect(planPage(url)!.firstPaint, url).toBeUndefined();
  });
});
