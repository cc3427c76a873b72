import * as z from "zod";
import { DomainError } from "./errors";

/**
 * Parses input with a zod schema or throws a bad_request DomainError carrying the first
 * message and every field's messages, the one shape forms and the JSON API show. Schemas set
 * their own Chinese messages; whatever they leave to zod is said in Chinese here too
 * (`zhIssue`), so no English "Invalid input: expected record…" ever reaches a user.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input, { error: zhIssue });
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const i of parsed.error.issues) (fields[String(i.path[0] ?? "")] ??= []).push(i.message);
  throw new DomainError("bad_request", parsed.error.issues[0]?.message ?? "请求参数不正确", fields);
}

const TYPE_NAMES: Record<string, string> = {
  string: "文本",
  number: "数字",
  int: "整数",
  bigint: "整数",
  boolean: "true 或 false",
  array: "列表",
  tuple: "列表",
  object: "对象",
  record: "对象",
  map: "对象",
  date: "日期",
  null: "空值",
};

/** `data[0].basicInfo`: where in the request the problem is. */
function pathText(path: readonly PropertyKey[] | undefined) {
  let out = "";
  for (const p of path ?? []) out += typeof p === "number" ? `[${p}]` : `${out ? "." : ""}${String(p)}`;
  return out ? `“${out}”` : "请求内容";
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind of zod issue carries fields of its own (expected, maximum, origin…)
type RawIssue = { code?: string; path?: PropertyKey[]; input?: unknown } & Record<string, any>;

/** A zod issue without a message of its schema's own, in Chinese. */
export function zhIssue(issue: RawIssue): string {
  const p = pathText(issue.path);
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return `缺少必填项${p}`;
      return `${p}的类型不正确，应为${Object.hasOwn(TYPE_NAMES, issue.expected) ? TYPE_NAMES[issue.expected] : "正确的类型"}`;
    case "too_big":
      if (issue.origin === "string") return `${p}不能超过 ${issue.maximum} 个字`;
      if (issue.origin === "array" || issue.origin === "set") return `${p}最多 ${issue.maximum} 项`;
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") return `${p}不能大于 ${issue.maximum}`;
      return `${p}过大`;
    case "too_small":
      if (issue.origin === "string") return Number(issue.minimum) <= 1 ? `${p}不能为空` : `${p}至少 ${issue.minimum} 个字`;
      if (issue.origin === "array" || issue.origin === "set") return `${p}至少需要 ${issue.minimum} 项`;
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint")
        return issue.inclusive === false ? `${p}必须大于 ${issue.minimum}` : `${p}不能小于 ${issue.minimum}`;
      return `${p}过小`;
    case "not_multiple_of":
      return `${p}必须是 ${issue.divisor} 的倍数`;
    case "unrecognized_keys":
      return `${p}含有不支持的字段：${(issue.keys as string[]).join("、")}`;
    case "invalid_key":
      return `${p}含有不正确的键`;
    case "invalid_element":
      return `${p}含有不正确的项`;
    case "invalid_value":
      return `${p}的值不在允许范围内`;
    case "invalid_format":
    case "invalid_union":
    default:
      return `${p}格式不正确`;
  }
}

// Server-wide as well (this module never reaches the browser): conform's parseWithZod in page
// actions speaks Chinese for the checks a schema left without a message.
z.config({ customError: zhIssue });

/** Escapes LIKE wildcards so a keyword such as "%" or "_" matches itself. */
export function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => "\\" + c);
}
