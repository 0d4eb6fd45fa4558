import type { MachineDescriptions } from './types';

export default {
  summary: ['The offers list and its paging, driven by the address.', 'Lista ofert i jej stronicowanie, sterowane adresem.'],
  screens: ['offers list page'],
  where: '/en/investments',
  states: {
    idle: ['A skeleton until the first request', 'Szkielet do pierwszego żądania'],
    loading: ['A skeleton while the page of offers loads', 'Szkielet podczas wczytywania strony ofert'],
    navigating: ['Going to the list’s own address (skeleton)', 'Przejście pod właściwy adres listy (szkielet)'],
    empty: ['“No offers yet” is shown', 'Widoczne „Brak ofert”'],
    ready: ['The offers and the paging control are shown', 'Widoczne oferty i stronicowanie'],
    failure: ['The not-found page is shown', 'Widoczna strona „nie znaleziono”'],
  },
  events: {
    'offersList.requested': ['the address of the list changes (or is opened)', 'zmienia się (lub zostaje otwarty) adres listy'],
    'fetch done': ['the page of offers arrives', 'przychodzi strona ofert'],
    'fetch failed': ['loading the offers fails', 'wczytanie ofert się nie udaje'],
    'offersList.pageSelected': ['the visitor picks a page', 'odwiedzający wybiera stronę'],
    'offersList.pageSizeSelected': ['the visitor picks a page size', 'odwiedzający wybiera rozmiar strony'],
  },
} satisfies MachineDescriptions;
