import type { MachineDescriptions } from './types';

export default {
  summary: [
    'One account settings form: the server\'s data and the fields as typed, and their saving.',
    'Jeden formularz ustawień konta: dane z serwera i wpisane pola oraz ich zapis.',
  ],
  screens: ['investor account settings'],
  where: '/en/investor/settings',
  states: {
    idle: ['The form is being edited', 'Edycja formularza'],
    saving: ['Saving (button busy)', 'Zapisywanie (przycisk zajęty)'],
    saved: ['“Saved” is shown', 'Widoczne „Zapisano”'],
    failed: ['Saving failed (errors shown)', 'Zapis się nie udał (widoczne błędy)'],
  },
  events: {
    'settings.submitted': ['the investor clicks Save', 'inwestor klika Zapisz'],
    'save done': ['the server saves (its answer fills the fields)', 'serwer zapisuje (jego odpowiedź wypełnia pola)'],
    'save failed': ['the server rejects the data', 'serwer odrzuca dane'],
    'settings.edited': ['the investor changes a field (kept across tabs)', 'inwestor zmienia pole (zostaje po zmianie karty)'],
  },
} satisfies MachineDescriptions;
