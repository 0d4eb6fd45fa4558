import type { MachineDescriptions } from './types';

export default {
  summary: ['Saving an account settings form.', 'Zapis formularza ustawień konta.'],
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
    'save done': ['the server saves', 'serwer zapisuje'],
    'save failed': ['the server rejects the data', 'serwer odrzuca dane'],
    'settings.edited': ['the investor edits again', 'inwestor znowu edytuje'],
  },
} satisfies MachineDescriptions;
