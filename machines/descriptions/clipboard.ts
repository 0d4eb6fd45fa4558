import type { MachineDescriptions } from './types';

export default {
  summary: ['Copy-to-clipboard button with a short confirmation.', 'Przycisk kopiowania do schowka z krótkim potwierdzeniem.'],
  screens: ['bank transfer details (copy buttons)'],
  states: {
    idle: ['The Copy button is ready', 'Przycisk Kopiuj jest gotowy'],
    copying: ['Copying to the clipboard', 'Kopiowanie do schowka'],
    copied: ['“Copied” is shown', 'Widoczne „Skopiowano”'],
    failed: ['“Could not copy” is shown', 'Widoczne „Nie udało się skopiować”'],
  },
  events: {
    'clipboard.copyRequested': ['the user clicks Copy', 'użytkownik klika Kopiuj'],
    'copy done': ['the browser copies the text', 'przeglądarka kopiuje tekst'],
    'copy failed': ['the browser refuses to copy', 'przeglądarka odmawia kopiowania'],
    'after 2 s': ['2 seconds pass', 'mijają 2 sekundy'],
  },
} satisfies MachineDescriptions;
