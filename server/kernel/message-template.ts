/**
 * Message templates: plain text with {{variable}} placeholders (pure; the template page's
 * live preview runs the same code in the browser).
 *
 * Rendering replaces every placeholder in ONE pass: a value is inserted as it is and never
 * read as a template again (a customer called "{{amount}}" stays "{{amount}}"). The result is
 * plain text: it is escaped where it is shown (React text, never HTML), so markup in a value
 * (<b>, <script>) is displayed, not interpreted. Control characters in values become spaces and
 * a value is cut at 200 characters, so one long name cannot swallow the message.
 */
export const VALUE_MAX = 200;

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;
/** Anything between {{ and }}, well-formed or not (the check on saving). */
const ANY_PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

export interface TemplateVariable {
  name: string;
  label: string;
}

export type TemplateValues = Readonly<Record<string, string | number | null | undefined>>;

/** A value as it goes into a message: text without control characters, at most VALUE_MAX characters. */
export function messageValue(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return "";
  const text = String(v)
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim();
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text;
}

/** The template with each {{name}} replaced by its value; a name without a value stays as written. */
export function renderTemplate(template: string, values: TemplateValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (Object.prototype.hasOwnProperty.call(values, name) ? messageValue(values[name]) : whole));
}

/** The distinct placeholders a template names that are not among `allowed`, as written ({{foo}}). */
export function unknownPlaceholders(template: string, allowed: readonly string[]): string[] {
  const ok = new Set(allowed);
  const bad = new Set<string>();
  for (const m of template.matchAll(ANY_PLACEHOLDER)) {
    const name = m[1]!.trim();
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name) || !ok.has(name)) bad.add(`{{${name}}}`);
  }
  return [...bad];
}

/** The allowed variables as the error message and the page list them: {{orderNo}}（订单号）、… */
export function variableList(variables: readonly TemplateVariable[]): string {
  return variables.map((v) => `{{${v.name}}}（${v.label}）`).join("、");
}

/**
 * Why a template cannot be saved, in Chinese, or null: an unknown placeholder (the message
 * lists the allowed variables), or a {{ or }} without its other half.
 */
export function templateProblem(template: string, variables: readonly TemplateVariable[]): string | null {
  const unknown = unknownPlaceholders(
    template,
    variables.map((v) => v.name),
  );
  if (unknown.length) return `模板中有未知的变量 ${unknown.join("、")}。可用的变量：${variableList(variables)}`;
  const rest = template.replace(ANY_PLACEHOLDER, "");
  if (rest.includes("{{") || rest.includes("}}")) return "变量要写成 {{变量名}}，{{ 和 }} 必须成对出现";
  return null;
}
