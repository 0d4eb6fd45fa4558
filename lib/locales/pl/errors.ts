import type en from '../en/errors';
import type { ErrorParams, ErrorText } from '../errorText';

// The error catalogue, pl (see en/errors.ts): the SPA's "errors" namespace and the API's envelopes. Its type is en's
// keys, so a code without a text in either language does not compile.
// "Odczekaj 1 minutę / 2 minuty / 5 minut": the accusative after "odczekaj", by Intl's plural form of the count
// (Intl directly: importing lib/format here would split it out of the entry into a chunk of its own).
const MINUTES: Partial<Record<Intl.LDMLPluralRule, string>> = { one: 'minutę', few: 'minuty', many: 'minut' };
const minutes = (n: number) => `${n} ${MINUTES[new Intl.PluralRules('pl-PL').select(n)] ?? 'minuty'}`;

export default {
  // SPEC §8
  EMAIL_EMPTY: 'E-mail jest wymagany',
  EMAIL_IS_EMPTY: 'E-mail jest wymagany',
  PASSWORD_EMPTY: 'Hasło jest wymagane',
  INVALID_GRANT: 'E-mail lub hasło są nieprawidłowe',
  EMAIL_INVALID_FORMAT: 'E-mail ma nieprawidłowy format',
  PASSWORD_CONSTRAINTS_MISMATCH: 'Hasło musi mieć co najmniej 8 znaków, 1 wielką literę i 1 cyfrę',
  PASSWORD_NOT_SAME: 'Hasła nie są takie same',
  FIRST_NAME_IS_EMPTY: 'Imię jest wymagane',
  LAST_NAME_IS_EMPTY: 'Nazwisko jest wymagane',
  FULLNAME_IS_EMPTY: 'Imię i nazwisko są wymagane',
  MESSAGE_IS_EMPTY: 'Wiadomość jest wymagana',
  BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG: 'Numer konta bankowego musi mieć 26 cyfr',
  TOO_MANY_TRIES: (params: ErrorParams) =>
    `Zbyt wiele prób. Odczekaj ${params.minutes ? minutes(params.minutes) : 'chwilę'} przed kolejną próbą`,
  CURRENT_PASSWORD_EMPTY: 'Obecne hasło jest wymagane',
  NEW_PASSWORD_EMPTY: 'Nowe hasło jest wymagane',
  REPEAT_PASSWORD_EMPTY: 'Powtórz hasło',
  CURRENT_PASSWORD_NOT_MATCH: 'Obecne hasło jest nieprawidłowe',
  EMAIL_SAME: 'Nowy e-mail nie może być taki sam jak obecny',
  EMAIL_NOT_SAME: 'Adresy e-mail nie są takie same',
  EMAIL_EXISTS: 'Ten e-mail jest już zarejestrowany',
  EMAIL_TAKEN: 'Ten e-mail jest zajęty',
  ACTIVATION_TOKEN_NOT_EXIST: 'Link aktywacyjny jest nieprawidłowy',
  IS_EMPTY: 'To pole jest wymagane',
  STOCKS_IS_REQUIRED: 'Liczba udziałów jest wymagana',
  IS_LOWER_THAN_MIN: 'Nie może być mniejsza niż minimalna liczba udziałów',
  NOT_ENOUGH_SHARES_AVAILABLE: 'W tej serii nie ma wystarczającej liczby udziałów',
  VALUE_NOT_VALID: 'Ta wartość jest nieprawidłowa',
  PHONE_NUMBER_NOT_VALID: 'Ten numer telefonu jest nieprawidłowy',
  SERIES_NOT_ASSIGNED_TO_OFFER: 'Ta seria nie należy do oferty',
  SERIES_CLOSED_FOR_INVESTMENTS: 'Ta seria jest zamknięta dla inwestycji',
  OFFER_CLOSED_FOR_INVESTMENTS: 'Ta oferta jest zamknięta dla inwestycji',
  NO_TRANSACTION_METHOD_AVAILABLE: 'Brak dostępnej metody płatności',
  CAN_CREATE_PAYMENT: 'Nie można utworzyć płatności PayPal',
  USER_NOT_ACTIVE: 'Twoje konto nie zostało jeszcze aktywowane',
  // Generic codes (docs/api.md)
  INVALID_CLIENT: 'Nieznany klient: ta aplikacja nie może logować użytkowników',
  NOT_FOUND: 'Nie znaleziono',
  ROUTE_NOT_FOUND: 'Ta ścieżka API nie istnieje',
  MALFORMED_JSON: 'Treść żądania nie jest poprawnym JSON-em',
  PAYLOAD_TOO_LARGE: 'Treść żądania jest zbyt duża',
  UNSUPPORTED_MEDIA_TYPE: 'Nieobsługiwany typ treści; wyślij application/json',
  UNAUTHORIZED: 'Musisz się zalogować',
  TOKEN_EXPIRED: 'Twoja sesja wygasła',
  FORBIDDEN: 'Nie masz dostępu do tego zasobu',
  MAINTENANCE: 'Platforma jest w trakcie prac serwisowych',
  TOKEN_NOT_VALID: 'Ten link jest nieprawidłowy lub wygasł',
  INTERNAL_ERROR: 'Coś poszło nie tak po naszej stronie. Spróbuj ponownie później',
  // Transport-level failures and an unreachable database
  URL_NOT_VALID: 'Adres żądania jest nieprawidłowy',
  URL_TOO_LONG: 'Adres żądania jest zbyt długi',
  HEADERS_TOO_LARGE: 'Nagłówki żądania są zbyt duże',
  REQUEST_TIMEOUT: 'Żądanie docierało zbyt długo',
  BAD_REQUEST: 'Żądanie jest nieprawidłowo zbudowane',
  DATABASE_UNAVAILABLE: 'Usługa jest chwilowo niedostępna. Spróbuj ponownie za chwilę',
  // Readiness (GET /api/ready)
  NODE_DRAINING: 'Ten serwer kończy pracę; odpowie inny. Spróbuj ponownie',
  MIGRATIONS_PENDING: 'Baza danych nie jest jeszcze w wersji tego serwera',
  // Answered by the load balancer (deploy/haproxy/haproxy.cfg repeats this text: keep them the same)
  SERVICE_UNAVAILABLE: 'Usługa jest chwilowo niedostępna. Spróbuj ponownie za chwilę',
  // Back office: statements, exceptions, operator actions
  STATEMENT_MALFORMED: 'Plik wyciągu jest nieprawidłowy w miejscu wskazanym w błędzie (linia lub element); nic nie zaimportowano',
  STATEMENT_FORMAT_UNKNOWN: 'To nie jest wyciąg bankowy: wyślij plik CAMT.053 (.xml) lub MT940 (.sta, .940, .txt)',
  STATEMENT_EMPTY: 'Wyciąg nie zawiera żadnych operacji',
  FILE_TOO_LARGE: 'Plik jest zbyt duży',
  FILE_TYPE_NOT_ALLOWED: 'Ten typ pliku nie jest tu dozwolony',
  EXCEPTION_ALREADY_RESOLVED: 'Ten wyjątek został już rozwiązany',
  EXCEPTION_HAS_NO_ORDER: 'Ta wpłata nie wskazuje zamówienia: przypisz ją do zamówienia',
  SERIES_TOTAL_BELOW_TAKEN: 'Pula nie może być mniejsza niż udziały już sprzedane i zarezerwowane',
  INVESTMENT_WINDOW_NOT_VALID: 'Okres inwestycji musi kończyć się po jego rozpoczęciu',
  ACCOUNT_ALREADY_ACTIVE: 'To konto jest już aktywne',
  // Orders
  ORDER_STATUS_CHANGED: 'Zamówienie zostało właśnie zmienione przez kogoś innego; odśwież je i spróbuj ponownie',
  INVALID_STATUS_CHANGE: 'Zamówienia nie można przenieść do tego statusu z obecnego',
  IDEMPOTENCY_KEY_REUSED: 'To zamówienie zostało już wysłane z innymi danymi. Spróbuj ponownie',
  // PayPal
  PAYPAL_UNAVAILABLE: 'Nie można teraz połączyć się z PayPal. Spróbuj ponownie za chwilę',
  ORDER_ALREADY_PAID: 'To zamówienie jest już opłacone',
  ORDER_EXPIRED: 'To zamówienie wygasło lub zostało anulowane i nie można go już opłacić',
  PAYMENT_PENDING: 'Płatność za to zamówienie jest jeszcze przetwarzana',
  WEBHOOK_NOT_VERIFIED: 'Nie udało się zweryfikować powiadomienia',
  // Investor protection
  KNOWLEDGE_TEST_REQUIRED: 'Przed inwestycją wypełnij test wiedzy (jest ważny 2 lata)',
  KNOWLEDGE_TEST_VERSION_CHANGED: 'Test wiedzy został zmieniony; wczytaj go ponownie i odpowiedz na aktualne pytania',
  RISK_WARNING_NOT_ACKNOWLEDGED:
    'Wynik testu wiedzy wskazuje, że inwestycja może nie być dla Ciebie odpowiednia; potwierdź ostrzeżenie o ryzyku, aby kontynuować',
  LARGE_INVESTMENT_CONSENT_REQUIRED: 'To zamówienie przekracza 1000 EUR lub 5% Twojego majątku netto; potwierdź ostrzeżenie, aby kontynuować',
  KIIS_CHANGED: 'Arkusz kluczowych informacji inwestycyjnych tej oferty się zmienił; zapoznaj się z aktualnym i potwierdź go',
  KIIS_REQUIRED: 'Przed złożeniem zamówienia zapoznaj się z arkuszem kluczowych informacji inwestycyjnych tej oferty i potwierdź to',
  KIIS_TEXT_UNCHANGED: 'Tekst jest taki sam jak w aktualnej wersji arkusza; zmień go, aby utworzyć nową wersję',
  REFLECTION_PERIOD_OVER: 'Czterodniowy okres namysłu minął; zamówienia nie można już odwołać',
  DECLARATION_VERSION_CHANGED: 'Treść oświadczenia się zmieniła; zapoznaj się z aktualną i złóż wniosek ponownie',
  SOPHISTICATED_CRITERIA_NOT_MET: 'Zaznacz spełniane kryteria: osoba prawna co najmniej jedno, osoba fizyczna co najmniej dwa',
  APPLICATION_PENDING: 'Twój wniosek czeka na decyzję; kolejny możesz złożyć po jej podjęciu',
  APPLICATION_ALREADY_DECIDED: 'Ten wniosek został już rozpatrzony',
  REFUND_NOT_DUE: 'Temu zamówieniu nie należy się zwrot: tutaj zwraca się tylko opłacone zamówienie odwołane w okresie namysłu',
  PAYPAL_REFUND_FAILED: 'PayPal nie przyjął zwrotu; zamówienie pozostaje oznaczone, spróbuj ponownie później albo zwróć płatność w PayPal',
  REFLECTION_PERIOD_NOT_APPLICABLE: 'Okres namysłu dotyczy tylko inwestorów niedoświadczonych; tego zamówienia nie można odwołać',
  REVOKE_LINK_NOT_VALID:
    'Ten link do odwołania zamówienia jest nieprawidłowy; sprawdź, czy został skopiowany w całości, lub odwołaj zamówienie na jego stronie w swoim koncie',
  REVOKE_LINK_USED: 'To zamówienie zostało już odwołane; link działa tylko raz',
  // Distributions and payouts
  DISTRIBUTION_AMOUNT_REQUIRED: 'Podaj albo kwotę łączną, albo kwotę na udział',
  DISTRIBUTION_PERIOD_NOT_VALID: 'Okres nie może kończyć się przed swoim początkiem',
  DISTRIBUTION_NO_HOLDERS: 'W dniu ustalenia prawa nikt nie posiadał opłaconych udziałów w tej ofercie',
  DISTRIBUTION_AMOUNT_TOO_SMALL: 'Kwota na udział jest zbyt mała, by wypłacić choćby grosz',
  FUNDING_GOAL_ABOVE_TARGET: 'Próg finansowania nie może przekraczać celu (koszt całkowity minus wkład dewelopera)',
  OFFER_ALREADY_CLOSED: 'Ta oferta jest już zamknięta',
  OFFER_CLOSE_IN_PROGRESS: 'Ta oferta jest właśnie zamykana; spróbuj ponownie za chwilę',
  OFFER_NOT_FUNDED: 'Oferta nie osiągnęła progu finansowania',
  OFFER_NOT_CLOSED: 'Oferta nie jest jeszcze zamknięta: wypłatę ogłasza się po jej zamknięciu jako sfinansowanej',
  DISTRIBUTION_FOUR_EYES: 'Wypłatę musi zatwierdzić inny operator niż ten, który ją przygotował',
  DISTRIBUTION_ALREADY_APPROVED: 'Ta wypłata jest już zatwierdzona',
  PAYOUT_NOTHING_TO_EXPORT: 'Brak zatwierdzonych wypłat dla inwestorów z prawidłowym numerem konta',
  PAYOUT_BANK_ACCOUNT_MISSING: 'Inwestor nie ma w ustawieniach prawidłowego numeru konta bankowego',
  // The SPA's own codes, never sent by the server
  GENERIC: 'Coś poszło nie tak. Spróbuj ponownie.',
  NETWORK_ERROR: 'Brak połączenia z serwerem',
  AGREEMENT_REQUIRED: 'Musisz zaakceptować tę zgodę',
  KIIS_NOT_ACKNOWLEDGED: 'Zapoznaj się z arkuszem kluczowych informacji inwestycyjnych i potwierdź to',
} satisfies Record<keyof typeof en, ErrorText>;
