import type { MachineDescriptions } from './types';

export default {
  summary: ['Paged lists: page number and page size from the address.', 'Listy stronicowane: numer i rozmiar strony z adresu.'],
  screens: ['offers list', 'investor orders list'],
  where: '/en/investments',
  states: {
    waiting: ['Waiting for the page’s items', 'Oczekiwanie na pozycje strony'],
    redirecting: ['The page is past the end: going to the last page', 'Strona poza zakresem: przejście na ostatnią'],
    empty: ['“Nothing here yet” is shown', 'Widoczne „Nic tu jeszcze nie ma”'],
    ready: ['The items and the pager are shown', 'Widoczne pozycje i stronicowanie'],
  },
  events: {
    'pagination.requested': ['a page is requested', 'zostaje zamówiona strona'],
    'pagination.loaded': ['the items arrive', 'przychodzą pozycje'],
    always: ['at once', 'od razu'],
    'pagination.pageSelected': ['the user picks a page', 'użytkownik wybiera stronę'],
    'pagination.pageSizeSelected': ['the user picks a page size', 'użytkownik wybiera rozmiar strony'],
  },
} satisfies MachineDescriptions;
