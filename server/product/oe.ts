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
