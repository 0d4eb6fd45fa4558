import type { MachineDescriptions } from './types';

export default {
  summary: ['A countdown to a date (offer start or end).', 'Odliczanie do daty (start lub koniec oferty).'],
  screens: ['offer card and offer page countdown'],
  states: {
    running: ['The remaining time ticks every second', 'Pozostały czas odlicza się co sekundę'],
    expired: ['The date has passed', 'Data minęła'],
  },
  events: {
    'after 1 s': ['a second passes', 'mija sekunda'],
    always: ['as soon as the date has passed', 'gdy tylko data minie'],
  },
} satisfies MachineDescriptions;
