/**
 * Row ids are PostgreSQL `serial` (int4) values. An id arriving as text (a URL segment, a query
 * parameter, a form field) is accepted only in its one canonical spelling: decimal digits, no
 * sign, no leading zero, no spaces, no exponent or hex, at most 2147483647. Anything else is
 * not an id at all, so the caller answers 404 (an id in a URL) or 400 (an id in a form or body)
 * instead of reaching the database with a value it refuses (a 500) or a different row than
 * the one spelled ("0x10" → 16).
 */
export const MAX_ID = 2147483647;

const CANONICAL_ID = /^[1-9][0-9]{0,9}$/;

/** The id spelled by `text`, or null when it is not a canonical positive int4. */
export function parseId(text: unknown): number | null {
  if (typeof text !== "string" || !CANONICAL_ID.test(text)) return null;
  const n = Number(text);
  return n <= MAX_ID ? n : null;
}

/** True for a number that can be a row id (JSON bodies carry ids as numbers). */
export function isId(n: unknown): n is number {
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 && n <= MAX_ID;
}
