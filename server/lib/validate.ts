import type * as z from "zod";
import { DomainError } from "./errors";

/**
 * Parses input with a zod schema or throws a bad_request DomainError carrying the first
 * message and every field's messages, the one shape forms and the JSON API show.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const i of parsed.error.issues) (fields[String(i.path[0] ?? "")] ??= []).push(i.message);
  throw new DomainError("bad_request", parsed.error.issues[0]?.message ?? "请求参数不正确", fields);
}

/** Escapes LIKE wildcards so a keyword such as "%" or "_" matches itself. */
export function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => "\\" + c);
}
