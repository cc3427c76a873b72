import { json } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import * as z from "zod";
import { isDomainError, type DomainErrorCode } from "./errors";

/**
 * The one way a form learns why it was refused (CONVENTIONS "Forms"): a DomainError or zod
 * issues become `{ message, fields, values }`, answered with status 400 (403 when the user may
 * not write), and the page shows each message next to its field and keeps what was typed.
 * Anything else is not the user's input and is thrown on.
 */
export interface FormFailure<I extends string = string> {
  intent: I;
  /** Shown above the fields; "" when there is nothing to say (a no-JavaScript 刷新选项). */
  message: string;
  fields: Record<string, string[]>;
  values: Record<string, string>;
}

/** The posted text fields, without the page's own controls (intent, back, id …) and the secret ones. */
export function formValues(form: FormData, omit: readonly string[] = []): Record<string, string> {
  const skip = new Set(["intent", "back", ...omit]);
  const out: Record<string, string> = {};
  // The last value wins: a checkbox posts after its hidden "false".
  for (const [k, v] of form.entries()) if (typeof v === "string" && !skip.has(k)) out[k] = v;
  return out;
}

const FORM_CODES: readonly DomainErrorCode[] = ["bad_request", "conflict", "forbidden"];

/** The message and per-field messages of a refusal caused by the input, or null when `e` is something else. */
export function formErrorOf(e: unknown): { message: string; fields: Record<string, string[]>; status: number } | null {
  if (e instanceof z.ZodError) {
    const fields: Record<string, string[]> = {};
    for (const i of e.issues) (fields[String(i.path[0] ?? "")] ??= []).push(i.message);
    return { message: e.issues[0]?.message ?? "请求参数不正确", fields, status: 400 };
  }
  if (isDomainError(e) && FORM_CODES.includes(e.code)) return { message: e.message, fields: e.fields ?? {}, status: e.code === "forbidden" ? 403 : 400 };
  return null;
}

/** The form reply of a refused save: status 400 (403 for a missing permission) with fields and values. Rethrows anything else. */
export function formReply<I extends string>(intent: I, e: unknown, values: Record<string, string>) {
  const error = formErrorOf(e);
  if (!error) throw e;
  return json<FormFailure<I>>({ intent, message: error.message, fields: error.fields, values }, { status: error.status });
}

/** The same reply for a conform form (`useForm({ lastResult })`): the message goes to the form, the fields to their fields. */
export function submissionReply(e: unknown, values: Record<string, string> | null = null): SubmissionResult<string[]> {
  const error = formErrorOf(e);
  if (!error) throw e;
  const fields = { ...error.fields };
  if (!Object.keys(fields).length) fields[""] = [error.message];
  return values ? { status: "error", initialValue: values, error: fields } : { status: "error", error: fields };
}
