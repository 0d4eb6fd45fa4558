import type { MachineDescriptions } from './types';

export default {
  summary: [
    'An offer’s lifecycle: open, closing (funded or not), then income paid to its holders or every payment refunded.',
    'Cykl życia oferty: otwarta, zamykanie (sfinansowana lub nie), potem wypłaty dochodu dla posiadaczy albo zwrot wszystkich wpłat.',
  ],
  screens: ['operator offers (status and the actions allowed)'],
  where: '/en/operator/offers',
  states: {
    open: ['Open: taking investments; Close early', 'Otwarta: przyjmuje inwestycje; Zamknij wcześniej'],
    closing: ['Closing: the outcome is decided, the orders are being settled', 'Zamykanie: wynik ustalony, zamówienia są rozliczane'],
    'closing.completing': ['Closing, funded: paid orders completed, unpaid cancelled; Finish the close', 'Zamykanie, sfinansowana: opłacone zamówienia zrealizowane, nieopłacone anulowane; Dokończ zamykanie'],
    'closing.refunding': ['Closing, not funded: orders cancelled, payments refunded; Finish the close', 'Zamykanie, niesfinansowana: zamówienia anulowane, wpłaty zwracane; Dokończ zamykanie'],
    funded: ['Closed, funded: the investors hold their shares', 'Zamknięta, sfinansowana: inwestorzy mają udziały'],
    'funded.holding': ['Funded, no distribution under way: Declare a distribution', 'Sfinansowana, brak wypłaty w toku: Ogłoś wypłatę'],
    'funded.distributing': ['Funded, a distribution under way (approval or bank); another may be declared', 'Sfinansowana, wypłata w toku (zatwierdzenie lub bank); można ogłosić kolejną'],
    notFunded: ['Closed, not funded: every order cancelled, every payment refunded', 'Zamknięta, niesfinansowana: wszystkie zamówienia anulowane, wpłaty zwrócone'],
  },
  events: {
    'offer.windowEnded': ['the investment window ends (the close job)', 'kończy się okres inwestycji (zadanie zamykania)'],
    'offer.closedEarly': ['an operator closes the offer (or finishes its close)', 'operator zamyka ofertę (lub kończy jej zamykanie)'],
    'offer.refundFailed': ['a PayPal refund fails (retried on the next pass)', 'zwrot przez PayPal się nie udaje (ponowiony w następnym przebiegu)'],
    'offer.settled': ['every order is settled', 'wszystkie zamówienia są rozliczone'],
    'distribution.declared': ['an operator declares a distribution', 'operator ogłasza wypłatę'],
    'distribution.paidOut': ['every payout of its distributions is executed', 'wszystkie przelewy jej wypłat są wykonane'],
  },
} satisfies MachineDescriptions;
