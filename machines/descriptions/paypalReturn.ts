import type { MachineDescriptions } from './types';

export default {
  summary: ['Coming back from PayPal: confirm the payment and offer next steps.', 'Powrót z PayPal: potwierdzenie płatności i dalsze kroki.'],
  screens: ['PayPal return page'],
  where: '/en/invest/<offer>/<order id>',
  states: {
    capturing: ['Confirming the payment with PayPal', 'Potwierdzanie płatności w PayPal'],
    paid: ['Paid: the thank-you message', 'Opłacone: podziękowanie'],
    pending: ['The payment is pending: Refresh', 'Płatność w toku: Odśwież'],
    declined: ['PayPal declined the payment: try again or pay by transfer', 'PayPal odrzucił płatność: spróbuj ponownie lub zapłać przelewem'],
    cancelled: ['The payment was cancelled: try again or pay by transfer', 'Płatność anulowana: spróbuj ponownie lub zapłać przelewem'],
    expired: ['The order expired', 'Zamówienie wygasło'],
    retrying: ['Preparing a new PayPal payment', 'Przygotowanie nowej płatności PayPal'],
    switching: ['Switching the order to bank transfer', 'Zmiana metody na przelew bankowy'],
    bankTransfer: ['The bank transfer details are shown', 'Widoczne dane do przelewu'],
    leaving: ['Going to PayPal', 'Przejście do PayPal'],
    error: ['Something went wrong: Retry', 'Coś poszło nie tak: Ponów'],
  },
  events: {
    'confirmReturn done': ['PayPal answers with the payment’s outcome', 'PayPal odpowiada wynikiem płatności'],
    'confirmReturn failed': ['the confirmation fails', 'potwierdzenie się nie udaje'],
    'paypalReturn.refreshed': ['the investor clicks Refresh', 'inwestor klika Odśwież'],
    'paypalReturn.backToPayPal': ['the investor goes back to PayPal', 'inwestor wraca do PayPal'],
    'paypalReturn.payPalRetried': ['the investor tries PayPal again', 'inwestor ponawia PayPal'],
    'paypalReturn.bankTransferChosen': ['the investor chooses bank transfer', 'inwestor wybiera przelew'],
    'retryPayPal done': ['the new payment is ready', 'nowa płatność jest gotowa'],
    'retryPayPal failed': ['it cannot be prepared', 'nie da się jej przygotować'],
    'switchToBankTransfer done': ['the order now expects a transfer', 'zamówienie czeka teraz na przelew'],
    'switchToBankTransfer failed': ['the switch fails', 'zmiana się nie udaje'],
    'paypalReturn.retried': ['the investor clicks Retry', 'inwestor klika Ponów'],
  },
} satisfies MachineDescriptions;
