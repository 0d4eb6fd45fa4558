import type { Language } from '../config';

const supported = (tag: string): Language | undefined => {
  // What the SPA sends: no parsing needed.
  if (tag === 'pl' || tag === 'en') return tag;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return primary === 'pl' || primary === 'en' ? primary : undefined;
};

/** `Accept-Language: en-GB;q=0.8, pl;q=0.9` → the supported language with the highest quality. */
function fromAcceptLanguage(header: string): Language | undefined {
  let best: { language: Language; q: number } | undefined;
  for (const part of header.split(',')) {
    const [tag, ...params] = part.split(';');
    const language = supported(tag);
    if (!language) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { language, q };
  }
  return best?.language;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** docs/api.md: Content-Language, then Accept-Language, then DEFAULT_LANGUAGE. */
export function resolveLanguage(
  headers: Record<string, string | string[] | undefined>,
  fallback: Language,
): Language {
  const contentLanguage = first(headers['content-language']);
  const accept = first(headers['accept-language']);
  return (
    (contentLanguage ? supported(contentLanguage.includes(',') ? contentLanguage.split(',')[0] : contentLanguage) : undefined) ??
    (accept ? fromAcceptLanguage(accept) : undefined) ??
    fallback
  );
}
