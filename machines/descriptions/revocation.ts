import type { MachineDescriptions } from './types';

export default {
  summary: ['Revoking an order in one click inside the 4-day reflection period.', 'Odwołanie zamówienia jednym kliknięciem w czterodniowym okresie namysłu.'],
  screens: ['investor area: order page', 'the revoke link page of the order e-mails (no sign-in)'],
  where: '/en/investor/orders/<order>',
  states: {
    checking: ['Deciding whether the order can still be revoked', 'Ustalanie, czy zamówienie można jeszcze odwołać'],
    closed: ['The period is over or the order is settled: no Revoke button', 'Okres minął lub zamówienie jest rozliczone: brak przycisku Odwołaj'],
    offered: ['The countdown and the Revoke button', 'Odliczanie i przycisk Odwołaj'],
    confirming: ['The confirmation dialog', 'Okno potwierdzenia'],
    revoking: ['The revocation is being sent', 'Wysyłanie odwołania'],
    revoked: ['The order is revoked (and when it was paid, when the money comes back)', 'Zamówienie odwołane (a gdy było opłacone, kiedy wróci pieniądz)'],
    failed: ['The revocation was refused or failed: the reason, Retry', 'Odwołanie odrzucone lub nieudane: powód, Ponów'],
  },
  events: {
    always: ['at once, depending on the status and the time since the order', 'od razu, zależnie od statusu i czasu od zamówienia'],
    'revocation.requested': ['the investor clicks Revoke', 'inwestor klika Odwołaj'],
    'revocation.cancelled': ['the investor keeps the order', 'inwestor zostawia zamówienie'],
    'revocation.confirmed': ['the investor confirms the revocation', 'inwestor potwierdza odwołanie'],
    'revoke done': ['the server cancels the order', 'serwer anuluje zamówienie'],
    'revoke failed': ['the server refuses or is unreachable', 'serwer odmawia lub jest nieosiągalny'],
    'revocation.dismissed': ['the investor closes the message', 'inwestor zamyka komunikat'],
  },
} satisfies MachineDescriptions;
