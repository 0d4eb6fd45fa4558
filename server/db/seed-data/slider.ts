import type { sliderItems } from '../schema';
import { same } from '../../lib/translated';

// Button URLs are route names of the SPA's route table or absolute http(s) URLs, like menu hrefs.
export const sliderSeed: (typeof sliderItems.$inferInsert)[] = [
  {
    key: 'welcome',
    fileType: 'image',
    imageUrl: '/media/slide-homes.svg',
    position: 1,
    shadowOverlay: true,
    name: { pl: 'Nieruchomości na wyciągnięcie ręki', en: 'Real estate within reach' },
    content: {
      pl: '<h2>Nieruchomości na wyciągnięcie ręki</h2><p>Kupuj udziały w projektach mieszkaniowych już od kilkuset złotych.</p>',
      en: '<h2>Real estate within reach</h2><p>Buy shares in residential projects from a few hundred złoty.</p>',
    },
    guestButtonLabel: { pl: 'Załóż konto', en: 'Create an account' },
    guestButtonUrl: same('register'),
    loggedUserButtonLabel: { pl: 'Zobacz inwestycje', en: 'See investments' },
    loggedUserButtonUrl: same('offers'),
  },
  {
    key: 'how-it-works-video',
    fileType: 'video',
    imageUrl: '/media/hero-video.mp4',
    position: 2,
    shadowOverlay: false,
    name: { pl: 'Jak to działa', en: 'How it works' },
    content: {
      pl: '<h2>Jak to działa</h2><p>Wybierasz projekt, kupujesz udziały, a sponsor prowadzi budowę i dzieli się zyskiem.</p>',
      en: '<h2>How it works</h2><p>You pick a project, buy shares, and the sponsor runs the build and shares the profit.</p>',
    },
    guestButtonLabel: { pl: 'Dowiedz się więcej', en: 'Learn more' },
    guestButtonUrl: same('aboutUs'),
    loggedUserButtonLabel: { pl: 'Przejdź do panelu', en: 'Go to your dashboard' },
    loggedUserButtonUrl: same('dashboard'),
  },
  {
    key: 'sponsor-stake',
    fileType: 'image',
    imageUrl: '/media/slide-city.svg',
    position: 3,
    shadowOverlay: false,
    name: { pl: 'Sponsor inwestuje razem z Tobą', en: 'The sponsor invests alongside you' },
    content: {
      pl: '<h2>Sponsor inwestuje razem z Tobą</h2><p>W każdym projekcie sponsor zachowuje co najmniej 25% udziałów.</p>',
      en: '<h2>The sponsor invests alongside you</h2><p>In every project the sponsor keeps at least 25% ownership.</p>',
    },
    guestButtonLabel: { pl: 'Zobacz oferty', en: 'See offers' },
    guestButtonUrl: same('offers'),
    loggedUserButtonLabel: { pl: 'Inwestuj teraz', en: 'Invest now' },
    loggedUserButtonUrl: same('offers'),
  },
];
