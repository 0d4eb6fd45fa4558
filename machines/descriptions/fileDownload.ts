import type { MachineDescriptions } from './types';

export default {
  summary: ['Downloading a private file (documents, confirmations).', 'Pobieranie prywatnego pliku (dokumenty, potwierdzenia).'],
  screens: ['investor documents', 'order confirmation download'],
  states: {
    idle: ['The Download button is ready', 'Przycisk Pobierz jest gotowy'],
    fetching: ['Downloading (button busy)', 'Pobieranie (przycisk zajęty)'],
    done: ['The file was saved', 'Plik został zapisany'],
    failed: ['The download failed: Retry or dismiss', 'Pobieranie się nie udało: Ponów lub zamknij'],
  },
  events: {
    'file.requested': ['the user clicks Download', 'użytkownik klika Pobierz'],
    'fetchFile done': ['the file arrives', 'plik przychodzi'],
    'fetchFile failed': ['the download fails', 'pobieranie się nie udaje'],
    'file.retried': ['the user clicks Retry', 'użytkownik klika Ponów'],
    'file.dismissed': ['the user dismisses the error', 'użytkownik zamyka błąd'],
  },
} satisfies MachineDescriptions;
