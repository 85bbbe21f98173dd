/**
 * Stripe's wire format for parameters (bodies and query strings alike): `application/x-www-form-urlencoded` with
 * bracketed keys, `metadata[plan]=pro&items[0][price]=price_1&expand[]=latest_invoice`. Every value arrives as a
 * string; an empty string means "unset". Objects whose keys are all indexes become arrays, in index order.
 */

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

const MAX_DEPTH = 8;
// Keys that would reach Object.prototype through plain objects.
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export class FormDecodingError extends Error {
  constructor(readonly param: string) {
    super(`Invalid parameter: ${param}`);
  }
}

const decodeComponent = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));

/** `items[0][price]` → `['items', '0', 'price']`; `expand[]` → `['expand', '']`. */
export function keyPath(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const path = [key.slice(0, open)];
  const rest = key.slice(open);
  const segment = /\[([^[\]]*)\]/g;
  let consumed = 0;
  for (let match = segment.exec(rest); match; match = segment.exec(rest)) {
    if (match.index !== consumed) throw new FormDecodingError(key);
    path.push(match[1] ?? '');
    consumed = match.index + match[0].length;
  }
  if (consumed !== rest.length || path.length > MAX_DEPTH) throw new FormDecodingError(key);
  return path;
}

const isIndex = (key: string) => /^(0|[1-9]\d{0,3})$/.test(key);

/** Objects keyed only by indexes (and `[]` appends) become arrays, recursively. */
function arraysFromIndexes(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted: FormObject = Object.create(null) as FormObject;
  for (const key of keys) converted[key] = arraysFromIndexes(value[key]!);
  if (keys.length > 0 && keys.every(isIndex)) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((index) => converted[String(index)]!);
  }
  return { ...converted };
}

export function decodeStripeForm(text: string): FormObject {
  const root: FormObject = Object.create(null) as FormObject;
  let appended = 0;
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const separator = pair.indexOf('=');
    const rawKey = separator < 0 ? pair : pair.slice(0, separator);
    const rawValue = separator < 0 ? '' : pair.slice(separator + 1);
    let key: string;
    let value: string;
    try {
      key = decodeComponent(rawKey);
      value = decodeComponent(rawValue);
    } catch {
      throw new FormDecodingError(rawKey);
    }
    const path = keyPath(key);
    if (path.some((part) => FORBIDDEN_KEYS.has(part))) throw new FormDecodingError(key);
    let node = root;
    path.forEach((part, depth) => {
      // `list[]` appends: a fresh index that no explicit `list[n]` of a sane request reaches.
      const name = part === '' && depth > 0 ? String(1000 + appended++) : part;
      const last = depth === path.length - 1;
      const existing = node[name];
      if (last) {
        if (existing !== undefined && typeof existing !== 'string') throw new FormDecodingError(key);
        node[name] = value;
        return;
      }
      if (existing === undefined) node[name] = Object.create(null) as FormObject;
      else if (typeof existing === 'string' || Array.isArray(existing)) throw new FormDecodingError(key);
      node = node[name] as FormObject;
    });
  }
  return arraysFromIndexes(root) as FormObject;
}
