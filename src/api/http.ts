// The one HTTP client. It speaks the envelope of docs/api.md and applies SPEC §7's rules to every answer:
// 401 → ask the auth actor for its single refresh and retry once with the new token; 403 → forbidden page;
// 503 → maintenance. Views and machines never call fetch themselves: machines get actors built on this.
import { waitFor, type AnyActorRef } from 'xstate';
import type { Language } from '../config/env';
import { requestKey } from '../../contract/page-data';
import type { ApiError, Envelope } from './types';

export class ApiRequestError extends Error {
  readonly status: number;
  readonly errors: ApiError[];
  constructor(status: number, errors: ApiError[]) {
    super(errors[0]?.message || errors[0]?.code || `HTTP ${status}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.errors = errors;
  }
  get code(): string {
    return this.errors[0]?.code ?? 'GENERIC';
  }
}

export interface HttpDeps {
  baseURL: string;
  getLanguage: () => Language;
  /** the auth actor (authMachine); absent in tests of public calls */
  getAuth?: () => AnyActorRef | undefined;
  onForbidden?: () => void;
  onMaintenance?: () => void;
  fetchImpl?: typeof fetch;
  /**
   * answers the server put into index.html (src/api/initialData.ts): an anonymous GET takes its answer from
   * here, once, instead of a round trip
   */
  initialAnswers?: { take(language: string, key: string): { data: unknown } | { notFound: { status: number; errors: ApiError[] } } | undefined };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** token calls must never trigger a refresh: their failures are answers, not expired sessions */
  noAuthRetry?: boolean;
  /** extra request headers (e.g. `Idempotency-Key`) */
  headers?: Record<string, string>;
  /** `blob`: a file answer (PDF, CSV), resolved as a `DownloadedFile` instead of the envelope's data */
  responseType?: 'json' | 'blob';
  /**
   * a 403 is the call's own answer, shown where it was asked (an operator approving their own distribution
   * is refused by the four-eyes rule, though the screen is theirs), not the forbidden page
   */
  forbiddenIsAnswer?: boolean;
}

/** A file the API answered (`responseType: 'blob'`), with the name its Content-Disposition gives. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** The file name of a Content-Disposition header (the UTF-8 `filename*` first). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
}

export type Http = <T>(path: string, options?: RequestOptions) => Promise<T>;

/** An answer with an error status (the body parsed as JSON when it is JSON), or no answer at all (status 0). */
class FetchError extends Error {
  readonly status: number;
  readonly data: unknown;
  constructor(message: string, status: number, data?: unknown) {
    super(message);
    this.status = status;
    this.data = data;
  }
}

/** `path` under `baseURL` (unless it is already there or a full URL), with its defined query parameters. */
export function requestUrl(baseURL: string, path: string, query?: RequestOptions['query']): string {
  let url = path;
  const base = baseURL.replace(/\/+$/, '');
  if (base && !/^[a-z][a-z\d+.-]*:\/\//i.test(path) && !path.startsWith(base)) {
    url = `${base}${path.startsWith('/') ? '' : '/'}${path}`;
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) params.append(key, String(value));
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

const sentAsIs = (body: unknown) =>
  typeof body === 'string' ||
  (typeof FormData !== 'undefined' && body instanceof FormData) ||
  (typeof Blob !== 'undefined' && body instanceof Blob) ||
  body instanceof URLSearchParams ||
  body instanceof ArrayBuffer;

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  if (error instanceof FetchError) {
    const status = error.status;
    const envelope = error.data as Partial<Envelope<unknown>> | undefined;
    if (envelope && Array.isArray(envelope.errors) && envelope.errors.length) {
      return new ApiRequestError(status, envelope.errors);
    }
    if (status === 0) return new ApiRequestError(0, [{ code: 'NETWORK_ERROR', context: '', message: error.message }]);
    return new ApiRequestError(status, [{ code: 'GENERIC', context: '', message: error.message }]);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ApiRequestError(0, [{ code: 'NETWORK_ERROR', context: '', message }]);
}

function accessTokenOf(auth: AnyActorRef | undefined): string | null {
  return (auth?.getSnapshot().context as { tokens?: { accessToken?: string } | null })?.tokens?.accessToken ?? null;
}

export function createHttp(deps: HttpDeps): Http {
  // Plain fetch (no request library in the entry chunk); looked up per call so tests can stub it.
  const fetchImpl = (input: string, init: RequestInit) => (deps.fetchImpl ?? globalThis.fetch)(input, init);

  async function call(path: string, options: RequestOptions, headers: Record<string, string>): Promise<Response> {
    const method = options.method ?? 'GET';
    const init: RequestInit = { method, headers, signal: options.signal };
    if (options.body !== undefined && method !== 'GET') {
      if (sentAsIs(options.body)) {
        init.body = options.body as BodyInit;
      } else {
        init.body = JSON.stringify(options.body);
        headers['Content-Type'] = 'application/json';
      }
    }
    const url = requestUrl(deps.baseURL, path, options.query);
    let response: Response;
    try {
      response = await fetchImpl(url, init);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new FetchError(`[${method}] "${url}": <no response> ${reason}`, 0);
    }
    if (!response.ok) {
      const data = await parseBody(response).catch(() => undefined);
      throw new FetchError(`[${method}] "${url}": ${response.status} ${response.statusText}`, response.status, data);
    }
    return response;
  }

  async function send<T>(path: string, options: RequestOptions, token: string | null): Promise<T> {
    const headers: Record<string, string> = {
      ...options.headers,
      Accept: 'application/json',
      'Content-Language': deps.getLanguage(),
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.responseType === 'blob') {
      headers.Accept = '*/*';
      const response = await call(path, options, headers);
      const file: DownloadedFile = { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
      return file as T;
    }
    const response = await call(path, options, headers);
    const envelope = (await parseBody(response)) as Envelope<T> | undefined;
    return envelope?.data as T;
  }

  return async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const auth = deps.getAuth?.();
    const token = accessTokenOf(auth);
    if (deps.initialAnswers && !token && (options.method ?? 'GET') === 'GET' && options.responseType !== 'blob') {
      const known = deps.initialAnswers.take(deps.getLanguage(), requestKey(path, options.query));
      if (known && 'notFound' in known) throw new ApiRequestError(known.notFound.status, known.notFound.errors);
      if (known) return known.data as T;
    }
    try {
      return await send<T>(path, options, token);
    } catch (raw) {
      const error = toError(raw);
      if (error.status === 401 && auth && token && !options.noAuthRetry) {
        // Hand the 401 to the auth actor: it refreshes once; everyone else waiting here retries after it.
        auth.send({ type: 'auth.tokenRejected', accessToken: token });
        const after = await waitFor(auth, (s) => !s.hasTag('refreshing'), { signal: options.signal });
        const fresh = accessTokenOf(auth);
        if (after.hasTag('loggedIn') && fresh && fresh !== token) {
          try {
            return await send<T>(path, options, fresh);
          } catch (retryRaw) {
            throw react(toError(retryRaw), options);
          }
        }
        throw error;
      }
      throw react(error, options);
    }
  };

  function react(error: ApiRequestError, options: RequestOptions): ApiRequestError {
    if (error.status === 403 && !options.forbiddenIsAnswer) deps.onForbidden?.();
    if (error.status === 503) deps.onMaintenance?.();
    return error;
  }
}

/**
 * Turns an error list into one code per form field (SPEC §5): the context path is stripped of wrapper
 * segments (children, data, pl, en) and its last segment names the field.
 */
export function fieldErrorsOf(errors: ApiError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const segments = (e.context || '').split(/[.[\]]+/).filter((s) => s && !['children', 'data', 'pl', 'en'].includes(s));
    const field = segments.join('.');
    if (!(field in out)) out[field] = e.code;
  }
  return out;
}
