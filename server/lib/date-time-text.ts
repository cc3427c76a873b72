/**
 * Instants as a clerk reads them ("2026-11-21 00:30"), in the company's time zone (company
 * setting TimeZone, spec 000 §3): one formatter for lists, document pages and the browser alike,
 * so the server's markup and the browser's agree. Pure (Intl only): safe for the client bundle.
 */
export const DEFAULT_TIME_ZONE = "Asia/Shanghai";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string | null | undefined): Intl.DateTimeFormat {
  const zone = timeZone || DEFAULT_TIME_ZONE;
  let fmt = formatters.get(zone);
  if (!fmt) {
    const options: Intl.DateTimeFormatOptions = {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    };
    try {
      fmt = new Intl.DateTimeFormat("en-US", { ...options, timeZone: zone });
    } catch {
      fmt = new Intl.DateTimeFormat("en-US", { ...options, timeZone: DEFAULT_TIME_ZONE });
    }
    formatters.set(zone, fmt);
  }
  return fmt;
}

/** "YYYY-MM-DD HH:mm" (with `seconds`, ":ss") of an instant in the time zone; null when it is no instant. */
export function formatDateTimeText(value: unknown, timeZone?: string | null, seconds = false): string | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(d.getTime())) return null;
  const p: Record<string, string> = {};
  for (const part of formatterOf(timeZone).formatToParts(d)) if (part.type !== "literal") p[part.type] = part.value;
  const hour = p.hour === "24" ? "00" : p.hour;
  return `${p.year}-${p.month}-${p.day} ${hour}:${p.minute}${seconds ? `:${p.second}` : ""}`;
}
