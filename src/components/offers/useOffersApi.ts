// The HTTP client of the running app, or null where a view is rendered without the app system (unit tests
// of a page on its own): the offer blocks then render nothing rather than fail.
import { useAppSystem } from '../../system/AppSystemContext';
import type { Http } from '../../api/http';

export function useOptionalHttp(): Http | null {
  try {
    return useAppSystem().http;
  } catch {
    return null;
  }
}
