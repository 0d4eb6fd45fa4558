import type { MachineDescriptions } from './types';

export default {
  summary: ['Declaring a distribution, reviewing its parts and approving it (two operators).', 'Ogłoszenie wypłaty, przegląd jej części i zatwierdzenie (dwóch operatorów).'],
  screens: ['operator distributions'],
  where: '/en/operator/distributions',
  states: {
    editing: ['The declaration form (offer, kind, period, record date, amount, reason)', 'Formularz ogłoszenia (oferta, rodzaj, okres, dzień ustalenia prawa, kwota, powód)'],
    invalid: ['A field is blank or the amount is not valid: shown next to it', 'Pole jest puste albo kwota jest błędna: komunikat przy polu'],
    declaring: ['Sending the declaration; the server splits it among the holders', 'Wysyłanie ogłoszenia; serwer dzieli kwotę między posiadaczy'],
    declineShown: ['The server refused the declaration: its reason; the draft stays', 'Serwer odrzucił ogłoszenie: powód; dane zostają'],
    review: ['Awaiting approval: gross, tax and net per holder; Approve', 'Czeka na zatwierdzenie: brutto, podatek i netto każdego posiadacza; Zatwierdź'],
    approving: ['Sending the approval', 'Wysyłanie zatwierdzenia'],
    refused: ['The approval was refused (e.g. the author cannot approve): the reason', 'Zatwierdzenie odrzucone (np. autor nie może zatwierdzić): powód'],
    approved: ['Approved: the payouts wait for a bank file (Payouts screen)', 'Zatwierdzona: wypłaty czekają na plik bankowy (ekran Wypłaty)'],
    fileGenerated: ['File generated: every payout is in a bank payment file, awaiting the statement', 'Plik wygenerowany: każda wypłata jest w pliku płatności, czeka na wyciąg'],
    executed: ['Executed: the bank statement shows every payout', 'Wykonana: wyciąg bankowy pokazuje każdą wypłatę'],
  },
  events: {
    'distribution.changed': ['the operator edits a field', 'operator zmienia pole'],
    'distribution.submitted': ['the operator clicks Declare', 'operator klika Ogłoś'],
    'distribution.opened': ['the operator opens or refreshes a distribution (its server status decides the state)', 'operator otwiera lub odświeża wypłatę (stan wynika ze statusu na serwerze)'],
    'distribution.approved': ['the operator clicks Approve', 'operator klika Zatwierdź'],
    'distribution.dismissed': ['the operator closes the refusal', 'operator zamyka komunikat o odmowie'],
    'distribution.reset': ['the operator starts a new declaration', 'operator zaczyna nowe ogłoszenie'],
    'declare done': ['the server declares it', 'serwer ją ogłasza'],
    'declare failed': ['the server refuses it', 'serwer ją odrzuca'],
    'approve done': ['the server approves it', 'serwer ją zatwierdza'],
    'approve failed': ['the server refuses the approval', 'serwer odmawia zatwierdzenia'],
  },
} satisfies MachineDescriptions;
