// The server's first paint of an offer page (LCP): a still picture of the page's top (the top bar's
// logo, the offer's photo and its title) drawn from index.html itself, so the offer is on screen as soon as the
// HTML and its photo arrive, not after the entry script, the page's chunk and React's first render (about a
// second of a phone's CPU). The app keeps running underneath, unchanged: it draws its loader and then the page,
// and removes this picture in the same commit as the page's own drawing (src/screens/firstPaint.ts).
//
// It is a picture, not the page: fixed over the app, `aria-hidden` and `inert` (assistive technology and the
// keyboard see only the app), no links, `pointer-events: none`. Its boxes are the page's own boxes, with the same
// sizes and breakpoints as src/features/offer/templates.tsx, OfferPage.tsx and the top bar, so the page replaces it
// in place; tests/e2e/first-paint.spec.ts compares the two at a desktop and a phone width.
// Only what the server knows for every visitor of a language is drawn (no badges, no figures, no user menu).
import { theme } from '../../lib/theme';
import { FIRST_PAINT_ID } from '../../contract/page-data';
import { logoMarkSvg } from '../../lib/logoMark';
import type { Language } from '../../contract/languages';
import enCommon from '../../lib/locales/en/common';
import enOffer from '../../lib/locales/en/offer';
import plCommon from '../../lib/locales/pl/common';
import plOffer from '../../lib/locales/pl/offer';

interface OfferForPaint {
  title?: string | null;
  templateName?: string;
  imageUrl?: string | null;
  gallery?: { position: number; imageUrl: string }[] | null;
}

/** The app's own texts (its dictionaries), as the top bar and the back link draw them. */
const TEXTS: Record<Language, { siteName: string; backToOffers: string }> = {
  pl: { siteName: String(plCommon.siteName), backToOffers: String(plOffer.backToOffers) },
  en: { siteName: String(enCommon.siteName), backToOffers: String(enOffer.backToOffers) },
};

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
/** A local image (same origin, as the CSP allows anyway) inside `url("…")`: no quote, backslash or bracket to end it. */
const cssUrl = (src: string) => (src.startsWith('/') && !src.startsWith('//') && !/["'\\()\s<>]/.test(src) ? src : null);

const { colors, layout, breakpoints, font, shadow } = theme;
const down = (bp: keyof typeof breakpoints) => `@media (max-width:${breakpoints[bp] - 0.02}px)`;

/**
 * The picture's styles: one <style> element (the CSP's style-src allows inline styles), removed with it. Its font,
 * 'Lato Fallback', is declared by index.html's own <style> (vite.config.ts), so removing this one changes no face.
 */
const STYLE = `#${FIRST_PAINT_ID}{position:fixed;inset:0;z-index:2001;overflow:hidden;pointer-events:none;background:${colors.cream};color:${colors.text};font-family:${font.family};line-height:1.5;-webkit-font-smoothing:antialiased;text-align:left}
#${FIRST_PAINT_ID} *{box-sizing:border-box}
.fp-bar{position:absolute;top:0;left:0;right:0;z-index:1;height:${layout.headerHeight}px;display:flex;align-items:center;padding:0 24px;background:${colors.white};box-shadow:${shadow}}
${down('sm')}{.fp-bar{padding:0 12px}}
.fp-logo{display:inline-flex;align-items:center;gap:10px;color:${colors.brown};font-weight:700;font-size:1.2rem;white-space:nowrap}
.fp-main{padding-top:${layout.headerHeight}px}
.fp-hero{min-height:420px;background-color:${colors.greenLight};background-size:cover;background-position:center;background-attachment:fixed}
${down('md')}{.fp-hero{min-height:260px;background-attachment:scroll}}
@media (prefers-reduced-motion:reduce){.fp-hero{background-attachment:scroll}}
.fp-gallery{display:grid;gap:8px}
.fp-pair{display:grid;grid-template-columns:1fr 1fr;gap:8px;height:340px}
.fp-wide{height:420px}
${down('sm')}{.fp-pair{height:180px}.fp-wide{height:220px}}
.fp-img{position:relative;display:block;overflow:hidden;width:100%;height:100%;min-height:40px;background:${colors.greenLight}}
.fp-img img{display:block;width:100%;height:100%;object-fit:cover}
.fp-container{max-width:${layout.sectionMaxWidth}px;margin:0 auto;padding:24px ${layout.sectionPaddingSmall}px 0}
.fp-back{display:inline-block;margin-bottom:16px;font-weight:700;color:${colors.green};text-decoration:underline}
.fp-columns{display:grid;grid-template-columns:minmax(0,2fr) minmax(260px,1fr);gap:32px}
${down('md')}{.fp-columns{grid-template-columns:1fr}}
.fp-title{display:block;margin:12px 0 4px;font-size:2.2rem;font-weight:700;line-height:1.5;color:${colors.brown}}`;

const MARK = logoMarkSvg();

export interface FirstPaint {
  /** for the <head> */
  style: string;
  /** for the <body>, before the app's root */
  html: string;
}

/**
 * The picture of an offer page at `pathname`, or null when there is nothing worth drawing before the app (no
 * title). `offer` is GET /offers/{slug}'s data, as the app gets it.
 */
export function offerFirstPaint(offer: OfferForPaint | undefined, language: Language, pathname: string): FirstPaint | null {
  const title = offer?.title?.trim();
  if (!offer || !title) return null;
  const fullWidth = offer.templateName === 'fullWidthGallery';
  let top: string;
  let below = '';
  if (fullWidth) {
    // As FullWidthGalleryHero: the first two photos side by side, then the third (or the offer's image) wide.
    // Its badges row above the title is not drawn, so neither is the title: it would not be where the page puts it.
    const photos = [...(offer.gallery ?? [])].sort((a, b) => a.position - b.position);
    const img = (src: string | null | undefined) => {
      const url = src && cssUrl(src);
      return `<span class="fp-img">${url ? `<img src="${escapeHtml(url)}" alt="" fetchpriority="high" decoding="sync">` : ''}</span>`;
    };
    const [first, second, third] = photos;
    const wide = third?.imageUrl ?? offer.imageUrl;
    top =
      '<div class="fp-gallery">' +
      (first || second ? `<div class="fp-pair">${first ? img(first.imageUrl) : ''}${second ? img(second.imageUrl) : ''}</div>` : '') +
      (wide ? `<div class="fp-wide">${img(wide)}</div>` : '') +
      '</div>';
  } else {
    const image = offer.imageUrl ? cssUrl(offer.imageUrl) : null;
    top = `<div class="fp-hero"${image ? ` style="background-image:url(&quot;${escapeHtml(image)}&quot;)"` : ''}></div>`;
    below =
      '<div class="fp-container">' +
      `<span class="fp-back">← ${escapeHtml(TEXTS[language].backToOffers)}</span>` +
      `<div class="fp-columns"><div><span class="fp-title">${escapeHtml(title)}</span></div><div></div></div>` +
      '</div>';
  }
  return {
    style: `<style id="${FIRST_PAINT_ID}-style">${STYLE}</style>`,
    html:
      `<div id="${FIRST_PAINT_ID}" data-path="${escapeHtml(pathname)}" aria-hidden="true" inert>` +
      `<div class="fp-bar"><span class="fp-logo">${MARK}<span>${escapeHtml(TEXTS[language].siteName)}</span></span></div>` +
      `<div class="fp-main" lang="${language}">${top}${below}</div>` +
      '</div>',
  };
}
