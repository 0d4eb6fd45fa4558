import { t } from './helpers';
import type { FeaturedListName, Text } from '../../schema-content';

// The five featured lists of SPEC §3, each with offers (by offer key) in order.
export const featuredSeed: { name: FeaturedListName; title: Text; description: Text; offers: string[] }[] = [
  {
    name: 'homepage',
    title: t('Polecane inwestycje', 'Featured investments'),
    description: t('Projekty, w które możesz zainwestować teraz.', 'Projects you can invest in now.'),
    offers: ['zielone-tarasy', 'dom-nad-jeziorem', 'nad-wisla-etap-2', 'apartamenty-sopot'],
  },
  {
    name: 'singleOffer',
    title: t('Zobacz także', 'See also'),
    description: t('Inne projekty na platformie.', 'Other projects on the platform.'),
    offers: ['domy-poznan', 'dom-nad-jeziorem', 'kamienica-krakow'],
  },
  {
    name: 'homepageOfferList',
    title: t('Najnowsze oferty', 'Latest offers'),
    description: t('Ostatnio dodane projekty.', 'Recently added projects.'),
    offers: ['zielone-tarasy', 'dom-nad-jeziorem', 'kamienica-krakow', 'nad-wisla-etap-2', 'lofty-lodz', 'apartamenty-sopot'],
  },
  {
    name: 'investorPanel',
    title: t('Polecane dla Ciebie', 'Recommended for you'),
    description: t('Otwarte oferty dobrane do Twojego portfela.', 'Open offers picked for your portfolio.'),
    offers: ['apartamenty-sopot', 'domy-poznan'],
  },
  {
    name: 'featuredWidget',
    title: t('Wyróżnione', 'Highlighted'),
    description: t('Trzy projekty, które warto znać.', 'Three projects worth knowing.'),
    // The unpublished offer is listed too, but never shown until it is published.
    offers: ['zielone-tarasy', 'biurowiec-wroclaw', 'domy-poznan', 'willa-zakopane'],
  },
];
