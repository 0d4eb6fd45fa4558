import type { MachineDescriptions } from './types';

export default {
  summary: ['One-open-at-a-time accordion (FAQ, offer details).', 'Akordeon z jednym otwartym elementem (FAQ, szczegóły oferty).'],
  screens: ['FAQ page', 'offer page sections'],
  where: '/en/faq',
  states: {
    deciding: ['Deciding whether an item starts open', 'Ustalanie, czy element jest otwarty na starcie'],
    allClosed: ['All items are closed', 'Wszystkie elementy są zwinięte'],
    itemOpen: ['One item is open and shows its content', 'Jeden element jest rozwinięty i pokazuje treść'],
  },
  events: {
    always: ['at once, depending on whether an item should start open', 'od razu, zależnie od tego, czy element ma być otwarty'],
    'accordion.toggled': ['the user clicks an item header', 'użytkownik klika nagłówek elementu'],
  },
} satisfies MachineDescriptions;
