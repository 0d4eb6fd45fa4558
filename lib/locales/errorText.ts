// An entry of the error catalogue (lib/locales/<language>/errors.ts): a text, or a function of the values only
// the server knows when it sends the code (TOO_MANY_TRIES: the minutes until the next try). The SPA's rosetta calls
// such a function with the params given to t() (none: the text says so without the value); the server calls it
// with the error's params (server/i18n/messages.ts).
export type ErrorParams = { minutes?: number };
export type ErrorText = string | ((params: ErrorParams) => string);

export const errorText = (text: ErrorText, params: ErrorParams = {}): string => (typeof text === 'function' ? text(params) : text);
