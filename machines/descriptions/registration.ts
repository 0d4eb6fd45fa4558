import type { MachineDescriptions } from './types';

export default {
  summary: ['Investor registration in three steps: account, address, bank account.', 'Rejestracja inwestora w trzech krokach: konto, adres, rachunek.'],
  screens: ['registration page'],
  where: '/en/register',
  states: {
    loading: ['Loading the form options (countries…)', 'Wczytywanie opcji formularza (kraje…)'],
    loadFailed: ['The options could not be loaded: Retry', 'Nie udało się wczytać opcji: Ponów'],
    account: ['Step 1: e-mail and password', 'Krok 1: e-mail i hasło'],
    checkingEmail: ['Checking that the e-mail is not registered yet', 'Sprawdzanie, czy e-mail nie jest już zarejestrowany'],
    address: ['Step 2: name and address', 'Krok 2: imię, nazwisko i adres'],
    bank: ['Step 3: bank account and agreements', 'Krok 3: rachunek bankowy i zgody'],
    submitting: ['Creating the account', 'Zakładanie konta'],
    registered: ['“Check your e-mail to activate” is shown', 'Widoczne „Sprawdź pocztę, aby aktywować”'],
  },
  events: {
    'loadOptions done': ['the options arrive', 'przychodzą opcje'],
    'loadOptions failed': ['loading the options fails', 'wczytanie opcji się nie udaje'],
    'registration.retried': ['the user clicks Retry', 'użytkownik klika Ponów'],
    'registration.accountSubmitted': ['the user completes step 1', 'użytkownik kończy krok 1'],
    'checkEmail done': ['the e-mail is free', 'e-mail jest wolny'],
    'checkEmail failed': ['the e-mail is refused (already registered, bad format) or the check fails (the user goes on)', 'e-mail zostaje odrzucony (już zarejestrowany, zły format) lub sprawdzenie zawodzi (użytkownik idzie dalej)'],
    'registration.addressSubmitted': ['the user completes step 2', 'użytkownik kończy krok 2'],
    'registration.wentBack': ['the user clicks Back', 'użytkownik klika Wstecz'],
    'registration.submitted': [
      'the user clicks Register (with a required agreement not ticked it stays, the agreement marked)',
      'użytkownik klika Zarejestruj (gdy wymagana zgoda nie jest zaznaczona, zostaje, a zgoda jest oznaczona)',
    ],
    'registration.agreementToggled': ['the user ticks or unticks an agreement', 'użytkownik zaznacza lub odznacza zgodę'],
    'registration.bankRefused': [
      'the user clicks Register with a field breaking its rule (nothing sent; the required agreements are checked too)',
      'użytkownik klika Zarejestruj, a pole łamie swoją regułę (nic nie jest wysyłane; sprawdzane są też wymagane zgody)',
    ],
    'register done': ['the server creates the account', 'serwer zakłada konto'],
    'register failed': ['the server rejects a field (shown on its step)', 'serwer odrzuca pole (pokazane w jego kroku)'],
  },
} satisfies MachineDescriptions;
