import type { MachineDescriptions } from './types';

export default {
  summary: ['Loading one piece of data for a section, with retry.', 'Wczytanie danych sekcji, z ponowieniem.'],
  screens: ['home page figures', 'offers list', 'offer page', 'investor area lists', 'back office pages'],
  where: '/en/investments',
  states: {
    idle: ['Nothing requested yet', 'Nic jeszcze nie zamówiono'],
    loading: ['A skeleton of the section is shown', 'Widoczny szkielet sekcji'],
    success: ['The data is shown', 'Dane są widoczne'],
    refreshing: ['The data stays shown while it is asked for again', 'Dane zostają widoczne, gdy są pobierane ponownie'],
    failure: ['An error with Retry is shown', 'Widoczny błąd z przyciskiem Ponów'],
  },
  events: {
    'load.requested': ['the section asks for its data', 'sekcja prosi o dane'],
    'fetch done': ['the data arrives', 'dane przychodzą'],
    'fetch failed': ['the request fails', 'żądanie się nie udaje'],
    'load.retried': ['the user clicks Retry', 'użytkownik klika Ponów'],
    'load.refreshed': ['the view changed the data and asks for it again', 'widok zmienił dane i prosi o nie ponownie'],
  },
} satisfies MachineDescriptions;
