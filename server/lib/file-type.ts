/**
 * A file's type read from its first bytes (its signature), never from the name or the
 * browser's claim: a renamed program stays a program. Only the types the product accepts
 * are recognised; anything else is undefined.
 */
export const SNIFFED_TYPES = {
  "image/jpeg": { ext: "jpg", image: true },
  "image/png": { ext: "png", image: true },
  "image/webp": { ext: "webp", image: true },
  "image/gif": { ext: "gif", image: true },
  "application/pdf": { ext: "pdf", image: false },
} as const;
export type SniffedType = keyof typeof SNIFFED_TYPES;

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function sniffFileType(bytes: Uint8Array): SniffedType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(bytes, ascii("%PDF-"))) return "application/pdf";
  return undefined;
}
