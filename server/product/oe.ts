/**
 * OE numbers and product codes are written many ways (`06J 115 403Q`, `06j-115-403-q`);
 * stored and searched in one normal form: upper case letters and digits only.
 */
export function normalizeOE(code: string | null | undefined): string {
  return (code ?? "")
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
}

/** Replacement OEs are stored `|`-separated (spec 001 §2.2); also accepts ， , ; and new lines. */
export function splitOEs(text: string | null | undefined): string[] {
  return (text ?? "")
    .split(/[|,，;；\n]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A code part this long is also looked for inside codes (trigram index); shorter ones only as a prefix. */
export const OE_INFIX_MIN = 3;

/**
 * The LIKE pattern a code keyword matches a normalised code column with: from OE_INFIX_MIN
 * characters on any part of the code (`905 320` finds `06J 905 320R`, through a pg_trgm GIN
 * index), shorter ones only the code's start (btree text_pattern_ops index). The normal form
 * has letters and digits only, so nothing needs escaping.
 */
export function codeLikePattern(keyword: string): string {
  const norm = normalizeOE(keyword);
  return norm.length >= OE_INFIX_MIN ? `%${norm}%` : `${norm}%`;
}
