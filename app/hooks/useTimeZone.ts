import { useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_TIME_ZONE, formatDateTimeText } from "#server/lib/date-time-text";

/** The signed-in company's time zone (company setting TimeZone), read from the shell's loader: every page under it has it. */
export function useTimeZone(): string {
  const shell = useRouteLoaderData("routes/_app+/_layout") as { timeZone?: string } | undefined;
  return shell?.timeZone || DEFAULT_TIME_ZONE;
}

/** Formats an instant "YYYY-MM-DD HH:mm:ss" in the company's time zone ("—" for none). */
export function useDateTimeText(): (v: string | Date | null | undefined) => string {
  const timeZone = useTimeZone();
  return (v) => formatDateTimeText(v, timeZone, true) ?? "—";
}
