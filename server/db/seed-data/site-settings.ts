import type { siteSettings } from '../schema';

export const siteSettingsSeed: typeof siteSettings.$inferInsert = {
  id: 1,
  maintenanceMode: false,
  maintenanceModeTitle: {
    pl: 'Wracamy wkrótce',
    en: 'We will be back soon',
  },
  maintenanceModeMessage: {
    pl: '<p>Wprowadzamy nowe inwestycje i ulepszamy platformę. Twoje udziały i dane są bezpieczne. Zajrzyj do nas za kilka godzin.</p>',
    en: '<p>We are adding new investments and improving the platform. Your shares and data are safe. Please come back in a few hours.</p>',
  },
  systemMaintenanceMode: false,
  systemMaintenanceModeTitle: {
    pl: 'Prace techniczne',
    en: 'Scheduled maintenance',
  },
  systemMaintenanceModeMessage: {
    pl: '<p>Trwa planowana aktualizacja systemu. Platforma będzie niedostępna przez krótki czas. Przepraszamy za utrudnienia.</p>',
    en: '<p>A planned system update is in progress. The platform will be unavailable for a short while. We apologise for the inconvenience.</p>',
  },
  seoTitle: {
    pl: 'Estate Shares – inwestuj w nieruchomości od 1 udziału',
    en: 'Estate Shares – invest in real estate from a single share',
  },
  seoDescription: {
    pl: 'Kupuj udziały w starannie wybranych projektach mieszkaniowych w Polsce. Płatności w PLN, przejrzyste koszty, sponsor zawsze zachowuje co najmniej 25% udziałów.',
    en: 'Buy shares in carefully selected residential projects in Poland. Payments in PLN, transparent costs, and the sponsor always keeps at least 25% ownership.',
  },
};
