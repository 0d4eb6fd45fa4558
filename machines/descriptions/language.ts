import type { MachineDescriptions } from './types';

export default {
  summary: ['The interface language (pl/en) from the address, and switching it.', 'Język interfejsu (pl/en) z adresu i jego zmiana.'],
  screens: ['language switcher (header)', 'every page'],
  where: '/en',
  states: {
    resolving: ['Reading the language from the address', 'Odczyt języka z adresu'],
    loading: ['Loading the texts of the language', 'Wczytywanie tekstów języka'],
    failed: ['The texts could not be loaded: Retry', 'Nie udało się wczytać tekstów: Ponów'],
    ready: ['The page is shown in its language', 'Strona jest widoczna w swoim języku'],
    switching: ['Switching to the other language', 'Przełączanie na drugi język'],
  },
  events: {
    'language.locationChanged': ['the address changes', 'zmienia się adres'],
    'loadDictionary done': ['the texts arrive', 'przychodzą teksty'],
    'loadDictionary failed': ['loading the texts fails', 'wczytanie tekstów się nie udaje'],
    'language.retried': ['the user clicks Retry', 'użytkownik klika Ponów'],
    'language.switched': ['the user picks the other language', 'użytkownik wybiera drugi język'],
    'switchDictionary done': ['the other language’s texts arrive', 'przychodzą teksty drugiego języka'],
    'switchDictionary failed': ['they fail to load (the page stays as it was)', 'nie wczytują się (strona zostaje bez zmian)'],
  },
} satisfies MachineDescriptions;
