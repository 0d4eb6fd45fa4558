import type { ContentNode, StaticContent } from '../../../src/api/types';

const node = (content: string | null, children: Record<string, ContentNode> = {}): ContentNode => ({
  content,
  imageUrl: null,
  alt: null,
  position: 0,
  children,
});

export function staticContent(overrides: Partial<StaticContent> = {}): StaticContent {
  return {
    content: {
      seo: node(null, { title: node('Estate Shares') }),
      cookiePopup: node(null, {
        title: node('Cookies here'),
        description: node('<p>We use <em>cookies</em>.</p>'),
      }),
      footer: node(null, {
        allRightsReserved: node('© 2026 Estate Shares. All rights reserved.'),
        email: node('hello@estate-shares.example'),
        clause: node('<p>Investing involves <strong>risk</strong>.</p><script>window.__pwned = true</script>'),
      }),
      contactMenu: node(null, { phone: node('500 100 200') }),
    },
    menus: {
      header: [
        { id: 'h1', href: 'offers', title: 'Investments', type: 'link', isPrivate: false },
        { id: 'h2', href: 'aboutUs', title: 'About us', type: 'link', isPrivate: false },
        { id: 'h3', href: 'portfolio', title: 'My portfolio', type: 'link', isPrivate: true },
        { id: 'h4', href: 'register', title: 'Join now', type: 'button', isPrivate: false },
        { id: 'h5', href: 'https://blog.example.com/', title: 'Blog', type: 'link', isPrivate: false },
        { id: 'h6', href: 'dashboard', title: 'Investor area', type: 'button', isPrivate: true },
      ],
      footer: [
        { id: 'f1', href: 'termsOfUse', title: 'Terms of use', type: 'link', isPrivate: false },
        { id: 'f2', href: 'privacyPolicy', title: 'Privacy policy', type: 'link', isPrivate: false },
        { id: 'f3', href: 'orders', title: 'My orders', type: 'link', isPrivate: true },
      ],
    },
    socialMedia: [
      { icon: 'linkedin', url: 'https://www.linkedin.com/company/estate-shares', name: 'Estate Shares' },
      { icon: 'facebook', url: 'https://www.facebook.com/estateshares', name: 'Estate Shares' },
      { icon: 'twitter', url: 'https://x.com/estateshares', name: 'Estate Shares' },
      { icon: 'instagram', url: 'https://www.instagram.com/estateshares', name: 'Estate Shares' },
      { icon: 'youtube', url: 'https://www.youtube.com/@estateshares', name: 'Estate Shares' },
    ],
    ...overrides,
  };
}
