// Query strings with bracket keys, as the SPA sends them: `pagination[pageSize]=5&pagination[pageNumber]=2`
// becomes { pagination: { pageSize: '5', pageNumber: '2' } }. `ids[]=1&ids[]=2` and repeated keys become
// arrays. Depth is bounded and prototype keys are dropped.

export type QueryValue = string | string[] | QueryObject;
export interface QueryObject {
  [key: string]: QueryValue;
}

const MAX_DEPTH = 5;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const isObject = (value: QueryValue | undefined): value is QueryObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `a[b][]` → ['a', 'b', '']; a key that is not well-formed bracket syntax stays one flat key. */
function splitKey(raw: string): string[] {
  const open = raw.indexOf('[');
  if (open <= 0) return [raw];
  const segments = [raw.slice(0, open)];
  const rest = raw.slice(open);
  let consumed = 0;
  for (const match of rest.matchAll(/\[([^[\]]*)\]/g)) {
    if (match.index !== consumed) return [raw];
    segments.push(match[1]);
    consumed += match[0].length;
  }
  if (consumed !== rest.length || segments.length > MAX_DEPTH + 1) return [raw];
  return segments;
}

function addValue(node: QueryObject, key: string, value: string, forceArray: boolean) {
  const existing = node[key];
  if (existing === undefined) node[key] = forceArray ? [value] : value;
  else if (Array.isArray(existing)) existing.push(value);
  else if (typeof existing === 'string') node[key] = [existing, value];
  // An object already sits at this key (`a[b]=1&a=2`): the nested value wins.
}

export function parseQueryString(query: string): QueryObject {
  const result: QueryObject = Object.create(null);
  for (const [rawKey, value] of new URLSearchParams(query)) {
    const segments = splitKey(rawKey);
    if (segments.some((segment) => FORBIDDEN_KEYS.has(segment))) continue;
    const pushes = segments.length > 1 && segments[segments.length - 1] === '';
    const path = pushes ? segments.slice(0, -1) : segments;
    if (path.some((segment) => segment === '')) continue;

    let node: QueryObject | undefined = result;
    for (const segment of path.slice(0, -1)) {
      const child: QueryValue | undefined = node[segment];
      if (child === undefined) {
        const created: QueryObject = Object.create(null);
        node[segment] = created;
        node = created;
      } else if (isObject(child)) {
        node = child;
      } else {
        node = undefined; // `a=1&a[b]=2`: the scalar came first and wins
        break;
      }
    }
    if (node) addValue(node, path[path.length - 1], value, pushes);
  }
  return result;
}
