import type { MachineDescriptions } from './types';

export default {
  summary: [
    'A paged list of the investor area (orders, transactions, portfolio) and its paging, driven by the address.',
    'Stronicowana lista strefy inwestora (zamówienia, transakcje, portfel) i jej stronicowanie, sterowane adresem.',
  ],
  screens: ['investor orders', 'investor transactions', 'investor portfolio'],
  where: '/en/investor/orders',
  states: {
    idle: ['A skeleton until the first request', 'Szkielet do pierwszego żądania'],
    loading: ['A skeleton while the page of the list loads', 'Szkielet podczas wczytywania strony listy'],
    navigating: ['Going to another address of the list (skeleton)', 'Przejście pod inny adres listy (szkielet)'],
    empty: ['The list’s “nothing here yet” text is shown', 'Widoczny tekst listy „jeszcze nic tu nie ma”'],
    ready: ['The items and the paging control are shown', 'Widoczne pozycje i stronicowanie'],
    failure: ['The error with a Retry button is shown', 'Widoczny błąd z przyciskiem Ponów'],
  },
  events: {
    'pagedList.requested': ['the address of the list changes (or is opened)', 'zmienia się (lub zostaje otwarty) adres listy'],
    'fetch done': ['the page of the list arrives', 'przychodzi strona listy'],
    'fetch failed': ['loading the list fails', 'wczytanie listy się nie udaje'],
    'pagedList.pageSelected': ['the investor picks a page', 'inwestor wybiera stronę'],
    'pagedList.pageSizeSelected': ['the investor picks a page size', 'inwestor wybiera rozmiar strony'],
    'pagedList.retried': ['the investor clicks Retry', 'inwestor klika Ponów'],
  },
} satisfies MachineDescriptions;
