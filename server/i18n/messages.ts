import type { Language } from '../config';

// Server-side messages keyed by error code: the whole SPEC §8 catalogue plus the generic codes of docs/api.md.
export const messages = {
  // SPEC §8
  EMAIL_EMPTY: { en: 'E-mail is required', pl: 'Adres e-mail jest wymagany' },
  EMAIL_IS_EMPTY: { en: 'E-mail is required', pl: 'Adres e-mail jest wymagany' },
  PASSWORD_EMPTY: { en: 'Password is required', pl: 'Hasło jest wymagane' },
  INVALID_GRANT: { en: 'E-mail or password is not valid', pl: 'Nieprawidłowy e-mail lub hasło' },
  EMAIL_INVALID_FORMAT: { en: 'E-mail has an invalid format', pl: 'Nieprawidłowy format adresu e-mail' },
  PASSWORD_CONSTRAINTS_MISMATCH: {
    en: 'Password must have at least 8 characters, 1 capital letter and 1 digit',
    pl: 'Hasło musi mieć co najmniej 8 znaków, 1 wielką literę i 1 cyfrę',
  },
  PASSWORD_NOT_SAME: { en: 'Passwords are not the same', pl: 'Hasła nie są takie same' },
  FIRST_NAME_IS_EMPTY: { en: 'First name is required', pl: 'Imię jest wymagane' },
  LAST_NAME_IS_EMPTY: { en: 'Last name is required', pl: 'Nazwisko jest wymagane' },
  FULLNAME_IS_EMPTY: { en: 'Full name is required', pl: 'Imię i nazwisko są wymagane' },
  MESSAGE_IS_EMPTY: { en: 'Message is required', pl: 'Wiadomość jest wymagana' },
  BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG: {
    en: 'Bank account number must have 26 digits',
    pl: 'Numer konta bankowego musi mieć 26 cyfr',
  },
  // {minutes}: the limit's window (server/lib/errors.ts tooManyTries); without it, no duration is promised
  TOO_MANY_TRIES: { en: 'Too many tries. Wait {minutes} until the next try', pl: 'Zbyt wiele prób. Odczekaj {minutes} przed kolejną próbą' },
  CURRENT_PASSWORD_EMPTY: { en: 'Current password is required', pl: 'Obecne hasło jest wymagane' },
  NEW_PASSWORD_EMPTY: { en: 'New password is required', pl: 'Nowe hasło jest wymagane' },
  REPEAT_PASSWORD_EMPTY: { en: 'Repeat the new password', pl: 'Powtórz nowe hasło' },
  CURRENT_PASSWORD_NOT_MATCH: { en: 'Current password is wrong', pl: 'Obecne hasło jest nieprawidłowe' },
  EMAIL_SAME: { en: 'The new e-mail cannot be the same as the current one', pl: 'Nowy e-mail nie może być taki sam jak obecny' },
  EMAIL_NOT_SAME: { en: 'E-mails are not the same', pl: 'Adresy e-mail nie są takie same' },
  EMAIL_EXISTS: { en: 'This e-mail is already registered', pl: 'Ten adres e-mail jest już zarejestrowany' },
  EMAIL_TAKEN: { en: 'This e-mail is taken', pl: 'Ten adres e-mail jest zajęty' },
  ACTIVATION_TOKEN_NOT_EXIST: { en: 'The activation link is not valid', pl: 'Link aktywacyjny jest nieprawidłowy' },
  IS_EMPTY: { en: 'This field is required', pl: 'To pole jest wymagane' },
  STOCKS_IS_REQUIRED: { en: 'Number of shares is required', pl: 'Liczba udziałów jest wymagana' },
  IS_LOWER_THAN_MIN: {
    en: 'Cannot be lower than the minimum number of shares',
    pl: 'Nie może być mniejsza niż minimalna liczba udziałów',
  },
  NOT_ENOUGH_SHARES_AVAILABLE: { en: 'Not enough shares left in this series', pl: 'Za mało dostępnych udziałów w tej serii' },
  VALUE_NOT_VALID: { en: 'This value is not valid', pl: 'Ta wartość jest nieprawidłowa' },
  PHONE_NUMBER_NOT_VALID: { en: 'Phone number is not valid', pl: 'Numer telefonu jest nieprawidłowy' },
  SERIES_NOT_ASSIGNED_TO_OFFER: { en: 'This series does not belong to the offer', pl: 'Ta seria nie należy do oferty' },
  SERIES_CLOSED_FOR_INVESTMENTS: { en: 'This series is closed for investments', pl: 'Ta seria jest zamknięta dla inwestycji' },
  OFFER_CLOSED_FOR_INVESTMENTS: { en: 'This offer is closed for investments', pl: 'Ta oferta jest zamknięta dla inwestycji' },
  NO_TRANSACTION_METHOD_AVAILABLE: { en: 'No payment method is available', pl: 'Brak dostępnej metody płatności' },
  CAN_CREATE_PAYMENT: { en: 'Cannot create the PayPal payment', pl: 'Nie można utworzyć płatności PayPal' },
  'TOKEN_REQUEST:USER_NOT_ACTIVE': {
    en: 'Your account is not activated yet',
    pl: 'Twoje konto nie zostało jeszcze aktywowane',
  },
  // Generic codes (docs/api.md)
  INVALID_CLIENT: { en: 'Unknown client', pl: 'Nieznany klient' },
  NOT_FOUND: { en: 'Not found', pl: 'Nie znaleziono' },
  ROUTE_NOT_FOUND: { en: 'This API route does not exist', pl: 'Ta ścieżka API nie istnieje' },
  MALFORMED_JSON: { en: 'The request body is not valid JSON', pl: 'Treść żądania nie jest poprawnym JSON-em' },
  PAYLOAD_TOO_LARGE: { en: 'The request body is too large', pl: 'Treść żądania jest zbyt duża' },
  UNSUPPORTED_MEDIA_TYPE: {
    en: 'Unsupported content type; send application/json',
    pl: 'Nieobsługiwany typ treści; wyślij application/json',
  },
  UNAUTHORIZED: { en: 'You need to sign in', pl: 'Musisz się zalogować' },
  TOKEN_EXPIRED: { en: 'Your session token has expired', pl: 'Token sesji wygasł' },
  FORBIDDEN: { en: 'You do not have access to this resource', pl: 'Nie masz dostępu do tego zasobu' },
  MAINTENANCE: { en: 'The platform is under maintenance', pl: 'Platforma jest w trakcie prac serwisowych' },
  TOKEN_NOT_VALID: { en: 'This link is not valid or has expired', pl: 'Ten link jest nieprawidłowy lub wygasł' },
  INTERNAL_ERROR: { en: 'Something went wrong on our side', pl: 'Wystąpił błąd po naszej stronie' },
  // Hardening: transport-level failures and an unreachable database
  URL_NOT_VALID: { en: 'The address of the request is not valid', pl: 'Adres żądania jest nieprawidłowy' },
  URL_TOO_LONG: { en: 'The address of the request is too long', pl: 'Adres żądania jest zbyt długi' },
  HEADERS_TOO_LARGE: { en: 'The request headers are too large', pl: 'Nagłówki żądania są zbyt duże' },
  REQUEST_TIMEOUT: { en: 'The request took too long to arrive', pl: 'Żądanie docierało zbyt długo' },
  BAD_REQUEST: { en: 'The request is malformed', pl: 'Żądanie jest nieprawidłowo zbudowane' },
  DATABASE_UNAVAILABLE: {
    en: 'The service is temporarily unavailable. Please try again in a moment',
    pl: 'Usługa jest chwilowo niedostępna. Spróbuj ponownie za chwilę',
  },
  // Readiness (GET /api/ready): why this node should not get traffic now
  NODE_DRAINING: {
    en: 'This server is shutting down; another one answers. Please try again',
    pl: 'Ten serwer kończy pracę; odpowie inny. Spróbuj ponownie',
  },
  MIGRATIONS_PENDING: {
    en: 'The database is not yet at this version of the server',
    pl: 'Baza danych nie jest jeszcze w wersji tego serwera',
  },
  // Answered by the load balancer, not by a node, when no node is ready (deploy/haproxy/haproxy.cfg repeats the
  // Polish text: keep them the same)
  SERVICE_UNAVAILABLE: {
    en: 'The service is temporarily unavailable. Please try again in a moment',
    pl: 'Usługa jest chwilowo niedostępna. Spróbuj ponownie za chwilę',
  },
  // Back office: statements, exceptions, operator actions
  STATEMENT_MALFORMED: {
    en: 'The statement file is not valid at the line or element named in the error; nothing was imported',
    pl: 'Plik wyciągu jest nieprawidłowy w miejscu wskazanym w błędzie (linia lub element); nic nie zaimportowano',
  },
  STATEMENT_FORMAT_UNKNOWN: {
    en: 'Not a bank statement: upload a CAMT.053 (.xml) or MT940 (.sta, .940, .txt) file',
    pl: 'To nie jest wyciąg bankowy: wyślij plik CAMT.053 (.xml) lub MT940 (.sta, .940, .txt)',
  },
  STATEMENT_EMPTY: { en: 'The statement has no entries', pl: 'Wyciąg nie zawiera żadnych operacji' },
  FILE_TOO_LARGE: { en: 'The file is too large', pl: 'Plik jest zbyt duży' },
  FILE_TYPE_NOT_ALLOWED: { en: 'This type of file is not allowed here', pl: 'Ten typ pliku nie jest tu dozwolony' },
  EXCEPTION_ALREADY_RESOLVED: {
    en: 'This exception has already been resolved',
    pl: 'Ten wyjątek został już rozwiązany',
  },
  EXCEPTION_HAS_NO_ORDER: {
    en: 'No order is named by this payment: attach it to an order instead',
    pl: 'Ta wpłata nie wskazuje zamówienia: przypisz ją do zamówienia',
  },
  SERIES_TOTAL_BELOW_TAKEN: {
    en: 'The total cannot be lower than the shares already sold and reserved',
    pl: 'Pula nie może być mniejsza niż udziały już sprzedane i zarezerwowane',
  },
  INVESTMENT_WINDOW_NOT_VALID: {
    en: 'The investment window must end after it starts',
    pl: 'Okres inwestycji musi kończyć się po jego rozpoczęciu',
  },
  ACCOUNT_ALREADY_ACTIVE: { en: 'This account is already active', pl: 'To konto jest już aktywne' },
  // Orders (server/orders/status.ts)
  ORDER_STATUS_CHANGED: {
    en: 'The order has just been changed by someone else; reload it and try again',
    pl: 'Zamówienie zostało właśnie zmienione przez kogoś innego; odśwież je i spróbuj ponownie',
  },
  INVALID_STATUS_CHANGE: {
    en: 'The order cannot move to that status from its current one',
    pl: 'Zamówienia nie można przenieść do tego statusu z obecnego',
  },
  IDEMPOTENCY_KEY_REUSED: {
    en: 'This Idempotency-Key was already used for a different request',
    pl: 'Ten klucz Idempotency-Key został już użyty dla innego żądania',
  },
  // PayPal (server/payments/paypal)
  PAYPAL_UNAVAILABLE: {
    en: 'PayPal cannot be reached right now. Please try again in a moment',
    pl: 'Nie można teraz połączyć się z PayPal. Spróbuj ponownie za chwilę',
  },
  ORDER_ALREADY_PAID: { en: 'This order is already paid', pl: 'To zamówienie jest już opłacone' },
  ORDER_EXPIRED: {
    en: 'This order has expired or was cancelled and can no longer be paid',
    pl: 'To zamówienie wygasło lub zostało anulowane i nie można go już opłacić',
  },
  PAYMENT_PENDING: {
    en: 'A payment of this order is still being processed',
    pl: 'Płatność za to zamówienie jest jeszcze przetwarzana',
  },
  KNOWLEDGE_TEST_REQUIRED: {
    en: 'Take the knowledge test before investing (it is valid for 2 years)',
    pl: 'Przed inwestycją wypełnij test wiedzy (jest ważny 2 lata)',
  },
  KNOWLEDGE_TEST_VERSION_CHANGED: {
    en: 'The knowledge test has changed; load it again and answer the current questions',
    pl: 'Test wiedzy został zmieniony; wczytaj go ponownie i odpowiedz na aktualne pytania',
  },
  RISK_WARNING_NOT_ACKNOWLEDGED: {
    en: 'Your knowledge test shows the investment may not suit you; acknowledge the risk warning to continue',
    pl: 'Wynik testu wiedzy wskazuje, że inwestycja może nie być dla Ciebie odpowiednia; potwierdź ostrzeżenie o ryzyku, aby kontynuować',
  },
  LARGE_INVESTMENT_CONSENT_REQUIRED: {
    en: 'This order is above EUR 1 000 or 5% of your net worth; confirm the warning to continue',
    pl: 'To zamówienie przekracza 1000 EUR lub 5% Twojego majątku netto; potwierdź ostrzeżenie, aby kontynuować',
  },
  KIIS_CHANGED: {
    en: 'The key investment information sheet of this offer has changed; read and acknowledge the current one',
    pl: 'Arkusz kluczowych informacji inwestycyjnych tej oferty się zmienił; zapoznaj się z aktualnym i potwierdź go',
  },
  KIIS_REQUIRED: {
    en: 'Read and acknowledge the key investment information sheet of this offer before ordering',
    pl: 'Przed złożeniem zamówienia zapoznaj się z arkuszem kluczowych informacji inwestycyjnych tej oferty i potwierdź to',
  },
  KIIS_TEXT_UNCHANGED: {
    en: 'The text is the same as in the current version of the sheet; change it to make a new version',
    pl: 'Tekst jest taki sam jak w aktualnej wersji arkusza; zmień go, aby utworzyć nową wersję',
  },
  REFLECTION_PERIOD_OVER: {
    en: 'The 4-day reflection period has ended; the order can no longer be revoked',
    pl: 'Czterodniowy okres namysłu minął; zamówienia nie można już odwołać',
  },
  DECLARATION_VERSION_CHANGED: {
    en: 'The declaration has changed; read the current one and apply again',
    pl: 'Treść oświadczenia się zmieniła; zapoznaj się z aktualną i złóż wniosek ponownie',
  },
  SOPHISTICATED_CRITERIA_NOT_MET: {
    en: 'Tick the criteria you meet: a legal person at least one, a natural person at least two',
    pl: 'Zaznacz spełniane kryteria: osoba prawna co najmniej jedno, osoba fizyczna co najmniej dwa',
  },
  APPLICATION_PENDING: {
    en: 'Your application is waiting for a decision; you can apply again once it is decided',
    pl: 'Twój wniosek czeka na decyzję; kolejny możesz złożyć po jej podjęciu',
  },
  APPLICATION_ALREADY_DECIDED: {
    en: 'This application has already been decided',
    pl: 'Ten wniosek został już rozpatrzony',
  },
  REFUND_NOT_DUE: {
    en: 'This order has no refund due: only a paid order revoked in the reflection period is refunded here',
    pl: 'Temu zamówieniu nie należy się zwrot: tutaj zwraca się tylko opłacone zamówienie odwołane w okresie namysłu',
  },
  PAYPAL_REFUND_FAILED: {
    en: 'PayPal did not accept the refund; the order stays flagged, try again later or refund it in PayPal',
    pl: 'PayPal nie przyjął zwrotu; zamówienie pozostaje oznaczone, spróbuj ponownie później albo zwróć płatność w PayPal',
  },
  REFLECTION_PERIOD_NOT_APPLICABLE: {
    en: 'The reflection period applies to non-sophisticated investors only; this order cannot be revoked',
    pl: 'Okres namysłu dotyczy tylko inwestorów niedoświadczonych; tego zamówienia nie można odwołać',
  },
  REVOKE_LINK_NOT_VALID: {
    en: 'This revoke link is not valid; check that it was copied whole, or revoke the order from its page in your account',
    pl: 'Ten link do odwołania zamówienia jest nieprawidłowy; sprawdź, czy został skopiowany w całości, lub odwołaj zamówienie na jego stronie w swoim koncie',
  },
  REVOKE_LINK_USED: {
    en: 'This order has already been revoked; the link works only once',
    pl: 'To zamówienie zostało już odwołane; link działa tylko raz',
  },
  WEBHOOK_NOT_VERIFIED: { en: 'The notification could not be verified', pl: 'Nie udało się zweryfikować powiadomienia' },
  // Distributions and payouts
  DISTRIBUTION_AMOUNT_REQUIRED: {
    en: 'Give either a total amount or an amount per share',
    pl: 'Podaj albo kwotę łączną, albo kwotę na udział',
  },
  DISTRIBUTION_PERIOD_NOT_VALID: { en: 'The period must end on or after its start', pl: 'Okres nie może kończyć się przed swoim początkiem' },
  DISTRIBUTION_NO_HOLDERS: {
    en: 'Nobody held paid shares of this offer on the record date',
    pl: 'W dniu ustalenia prawa nikt nie posiadał opłaconych udziałów w tej ofercie',
  },
  DISTRIBUTION_AMOUNT_TOO_SMALL: {
    en: 'The amount per share is too small to pay out a single grosz',
    pl: 'Kwota na udział jest zbyt mała, by wypłacić choćby grosz',
  },
  FUNDING_GOAL_ABOVE_TARGET: {
    en: 'The funding goal cannot be above the target (total cost minus developer equity)',
    pl: 'Próg finansowania nie może przekraczać celu (koszt całkowity minus wkład dewelopera)',
  },
  OFFER_ALREADY_CLOSED: { en: 'This offer is already closed', pl: 'Ta oferta jest już zamknięta' },
  OFFER_CLOSE_IN_PROGRESS: { en: 'This offer is being closed right now; try again in a moment', pl: 'Ta oferta jest właśnie zamykana; spróbuj ponownie za chwilę' },
  OFFER_NOT_FUNDED: { en: 'The offer has not reached its funding goal', pl: 'Oferta nie osiągnęła progu finansowania' },
  OFFER_NOT_CLOSED: {
    en: 'The offer has not closed yet: income is declared once it has closed funded',
    pl: 'Oferta nie jest jeszcze zamknięta: wypłatę ogłasza się po jej zamknięciu jako sfinansowanej',
  },
  DISTRIBUTION_FOUR_EYES: {
    en: 'A distribution must be approved by another operator than its author',
    pl: 'Wypłatę musi zatwierdzić inny operator niż ten, który ją przygotował',
  },
  DISTRIBUTION_ALREADY_APPROVED: { en: 'This distribution is already approved', pl: 'Ta wypłata jest już zatwierdzona' },
  PAYOUT_NOTHING_TO_EXPORT: {
    en: 'There are no approved payouts to investors with a valid bank account',
    pl: 'Brak zatwierdzonych wypłat dla inwestorów z prawidłowym numerem konta',
  },
  PAYOUT_BANK_ACCOUNT_MISSING: {
    en: 'The investor has no valid bank account in their settings',
    pl: 'Inwestor nie ma w ustawieniach prawidłowego numeru konta bankowego',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type ErrorCode = keyof typeof messages;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(messages, value);
}

/** "1 minute" / "10 minutes"; "1 minutę" / "2 minuty" / "10 minut" */
export function minutesText(n: number, language: Language): string {
  if (language === 'en') return `${n} ${n === 1 ? 'minute' : 'minutes'}`;
  const tens = n % 100;
  const word = n === 1 ? 'minutę' : n % 10 >= 2 && n % 10 <= 4 && (tens < 12 || tens > 14) ? 'minuty' : 'minut';
  return `${n} ${word}`;
}

const NO_WINDOW: Record<Language, string> = { en: 'a while', pl: 'chwilę' };

export function translateCode(code: string, language: Language, params?: Record<string, number>): string {
  const text: string = isErrorCode(code) ? messages[code][language] : messages.VALUE_NOT_VALID[language];
  return text.replace('{minutes}', params?.minutes ? minutesText(params.minutes, language) : NO_WINDOW[language]);
}
