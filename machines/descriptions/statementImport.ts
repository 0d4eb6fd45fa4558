import type { MachineDescriptions } from './types';

export default {
  summary: ['Importing a bank statement to match transfers to orders (operator).', 'Import wyciągu bankowego w celu dopasowania przelewów (operator).'],
  screens: ['operator statement import'],
  where: '/en/operator/statements',
  states: {
    empty: ['No file chosen', 'Nie wybrano pliku'],
    tooLarge: ['The file is too large', 'Plik jest za duży'],
    ready: ['A file is chosen: Import', 'Plik wybrany: Importuj'],
    uploading: ['Uploading and matching', 'Wysyłanie i dopasowywanie'],
    imported: ['The import result (matched, exceptions)', 'Wynik importu (dopasowane, wyjątki)'],
    failed: ['The import failed: Retry', 'Import się nie udał: Ponów'],
  },
  events: {
    'statement.fileChosen': ['the operator chooses a file', 'operator wybiera plik'],
    'statement.submitted': ['the operator clicks Import', 'operator klika Importuj'],
    'upload done': ['the server imports it', 'serwer go importuje'],
    'upload failed': ['the server rejects it', 'serwer go odrzuca'],
    'statement.reset': ['the operator starts over', 'operator zaczyna od nowa'],
    'statement.retried': ['the operator clicks Retry', 'operator klika Ponów'],
  },
} satisfies MachineDescriptions;
