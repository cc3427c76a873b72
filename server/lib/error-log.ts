/**
 * What an unexpected error may write to the log: its class, codes (e.g. PostgreSQL's SQLSTATE)
 * and stack frames, for it and its causes. Never the message: database errors carry the SQL
 * text and its parameters ("Failed query: … params: …"), i.e. whatever users typed.
 */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  let frames: string[] = [];
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e !== "object") {
      parts.push(typeof e);
      break;
    }
    const err = e as { name?: unknown; constructor?: { name?: string }; code?: unknown; status?: unknown; stack?: unknown; cause?: unknown };
    const name = typeof err.name === "string" ? err.name : (err.constructor?.name ?? "Object");
    const code = typeof err.code === "string" && /^[\w.-]{1,40}$/.test(err.code) ? ` code=${err.code}` : "";
    const status = typeof err.status === "number" ? ` status=${err.status}` : "";
    parts.push(`${name}${code}${status}`);
    if (!frames.length && typeof err.stack === "string") {
      frames = err.stack
        .split("\n")
        .filter((l) => /^\s+at /.test(l))
        .slice(0, 8);
    }
    e = err.cause;
  }
  return [parts.join(" <- "), ...frames].join("\n");
}
