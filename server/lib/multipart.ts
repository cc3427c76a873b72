import { DomainError } from "./errors";
import { t } from "./i18n/zh-CN";

/**
 * multipart/form-data as the WHATWG parser reads it (the one behind `Request.formData()` in
 * Node's fetch, which the routes use): `form-data; name="…"` first, then an optional
 * `; filename="…"` (or filename*), quoted, with `"` CR LF sent percent-encoded by browsers.
 * So a file named `报价单;2024.pdf`, `a=b.pdf` or `x"y.pdf` arrives whole. This copy keeps the
 * raw bytes of every name, file name and text field, which the edge (server/http.ts) checks
 * for text PostgreSQL cannot store and for invalid UTF-8 before any route sees the body.
 */
export interface RawPart {
  name: Uint8Array;
  /** null for a text field. */
  filename: Uint8Array | null;
  body: Uint8Array;
}

const CR = 0x0d;
const LF = 0x0a;
const QUOTE = 0x22;
const enc = new TextEncoder();

function startsWith(input: Uint8Array, at: number, bytes: Uint8Array) {
  if (at + bytes.length > input.length) return false;
  for (let i = 0; i < bytes.length; i++) if (input[at + i] !== bytes[i]) return false;
  return true;
}

function indexOf(input: Uint8Array, needle: Uint8Array, from: number) {
  return Buffer.from(input.buffer, input.byteOffset, input.length).indexOf(Buffer.from(needle.buffer, needle.byteOffset, needle.length), from);
}

/** The boundary parameter of a Content-Type (quoted or not), or null. */
export function boundaryOf(contentType: string): string | null {
  const m = /;\s*boundary=(?:"([^"]{1,200})"|([^\s;]{1,200}))/i.exec(contentType);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

/** A name's `%0A`, `%0D` (either case) and `%22` as the bytes they stand for (how browsers send LF, CR and "). */
function unescapeName(bytes: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const code = bytes[i] === 0x25 && i + 2 < bytes.length ? String.fromCharCode(bytes[i + 1]!, bytes[i + 2]!) : "";
    const byte = code === "22" ? QUOTE : /^0a$/i.test(code) ? LF : /^0d$/i.test(code) ? CR : -1;
    if (byte >= 0) {
      out.push(byte);
      i += 2;
    } else out.push(bytes[i]!);
  }
  return Uint8Array.from(out);
}

const DISPOSITION = enc.encode('form-data; name="');
const FILENAME = enc.encode("; filename");

/** The parts of a multipart body, or null when it is malformed (the WHATWG parser's failure). */
export function parseMultipart(input: Uint8Array, contentType: string): RawPart[] | null {
  const b = boundaryOf(contentType);
  if (!b) return null;
  const boundary = enc.encode(`--${b}`);
  let pos = 0;
  while (input[pos] === CR && input[pos + 1] === LF) pos += 2;
  let end = input.length;
  while (input[end - 1] === LF && input[end - 2] === CR) end -= 2;
  input = input.subarray(0, end);
  const parts: RawPart[] = [];
  for (;;) {
    if (!startsWith(input, pos, boundary)) return null;
    pos += boundary.length;
    if (pos === input.length - 2 && input[pos] === 0x2d && input[pos + 1] === 0x2d) return parts;
    if (input[pos] !== CR || input[pos + 1] !== LF) return null;
    pos += 2;
    let name: Uint8Array | null = null;
    let filename: Uint8Array | null = null;
    let base64 = false;
    // Headers, up to the empty line.
    for (;;) {
      if (input[pos] === CR && input[pos + 1] === LF) break;
      const lineEnd = indexOf(input, enc.encode("\r\n"), pos);
      if (lineEnd < 0) return null;
      const line = input.subarray(pos, lineEnd);
      const colon = line.indexOf(0x3a);
      if (colon < 1) return null;
      const header = Buffer.from(line.subarray(0, colon)).toString("latin1").trim().toLowerCase();
      if (!/^[!#$%&'*+\-.^_`|~0-9a-z]+$/.test(header)) return null;
      let v = colon + 1;
      while (line[v] === 0x20 || line[v] === 0x09) v++;
      if (header === "content-disposition") {
        name = filename = null;
        if (!startsWith(line, v, DISPOSITION)) return null;
        v += DISPOSITION.length;
        const nameEnd = line.indexOf(QUOTE, v);
        if (nameEnd < 0) return null;
        name = unescapeName(line.subarray(v, nameEnd));
        v = nameEnd + 1;
        if (startsWith(line, v, FILENAME)) {
          v += FILENAME.length;
          if (line[v] === 0x2a) v++;
          if (line[v] !== 0x3d || line[v + 1] !== QUOTE) return null;
          v += 2;
          const fileEnd = line.indexOf(QUOTE, v);
          if (fileEnd < 0) return null;
          filename = unescapeName(line.subarray(v, fileEnd));
          v = fileEnd + 1;
        }
        // Nothing may follow (`filename="x"y.pdf"` is refused, as the routes' parser refuses it).
        if (v !== line.length) return null;
      } else if (header === "content-transfer-encoding") {
        base64 = Buffer.from(line.subarray(v)).toString("latin1").trim().toLowerCase() === "base64";
      }
      pos = lineEnd + 2;
    }
    if (name === null) return null;
    pos += 2;
    const next = indexOf(input, boundary.subarray(2), pos);
    if (next < 0) return null;
    let body = input.subarray(pos, next - 4);
    pos += body.length;
    if (base64) body = new Uint8Array(Buffer.from(Buffer.from(body).toString("latin1"), "base64"));
    if (input[pos] !== CR || input[pos + 1] !== LF) return null;
    pos += 2;
    parts.push({ name, filename, body });
  }
}

/**
 * The form of an upload (attachments, avatars, spreadsheet imports): text fields and files,
 * any file name a browser can send. A body that cannot be read is a Chinese 400 (never a
 * 500); a file over `maxFileBytes` throws `tooLarge()` (each page words its own limit). The
 * body is already in memory and bounded (server/http.ts reads it once, within the limits).
 */
export async function readUploadForm(request: Request, maxFileBytes: number, tooLarge: () => Error): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new DomainError("bad_request", t.errors.badMultipart);
  }
  for (const [, value] of form) if (typeof value !== "string" && value.size > maxFileBytes) throw tooLarge();
  return form;
}
