import type { menuItems, socialMedia } from '../schema';

// href: a route name of the SPA's route table, or an absolute http(s) URL.
export const menuSeed: (typeof menuItems.$inferInsert)[] = [
  { menu: 'header', href: 'offers', title: { pl: 'Inwestycje', en: 'Investments' }, type: 'link', isPrivate: false, position: 1 },
  { menu: 'header', href: 'aboutUs', title: { pl: 'O nas', en: 'About us' }, type: 'link', isPrivate: false, position: 2 },
  { menu: 'header', href: 'faq', title: { pl: 'FAQ', en: 'FAQ' }, type: 'link', isPrivate: false, position: 3 },
  { menu: 'header', href: 'contact', title: { pl: 'Kontakt', en: 'Contact' }, type: 'link', isPrivate: false, position: 4 },
  { menu: 'header', href: 'dashboard', title: { pl: 'Mój panel', en: 'My dashboard' }, type: 'button', isPrivate: true, position: 5 },
  { menu: 'footer', href: 'termsOfUse', title: { pl: 'Regulamin', en: 'Terms of use' }, type: 'link', isPrivate: false, position: 1 },
  { menu: 'footer', href: 'privacyPolicy', title: { pl: 'Polityka prywatności', en: 'Privacy policy' }, type: 'link', isPrivate: false, position: 2 },
  { menu: 'footer', href: 'contact', title: { pl: 'Kontakt', en: 'Contact' }, type: 'link', isPrivate: false, position: 3 },
  { menu: 'footer', href: 'faq', title: { pl: 'FAQ', en: 'FAQ' }, type: 'link', isPrivate: false, position: 4 },
];

export const socialMediaSeed: (typeof socialMedia.$inferInsert)[] = [
  { icon: 'linkedin', url: 'https://www.linkedin.com/company/estate-shares', name: 'LinkedIn', position: 1 },
  { icon: 'facebook', url: 'https://www.facebook.com/estateshares', name: 'Facebook', position: 2 },
  { icon: 'twitter', url: 'https://twitter.com/estateshares', name: 'X (Twitter)', position: 3 },
  { icon: 'instagram', url: 'https://www.instagram.com/estateshares', name: 'Instagram', position: 4 },
  { icon: 'youtube', url: 'https://www.youtube.com/@estateshares', name: 'YouTube', position: 5 },
];
