import * as z from "zod";

/** 定时任务 (/system/setting/schedule): the one field a user changes, with its label and messages. */
export const SCHEDULE_TEXT = {
  interval: "执行间隔（秒）",
  intervalInvalid: "执行间隔必须是 60 到 604800 之间的整数秒（1 分钟到 7 天）",
  missing: "定时任务不存在",
  running: "该任务正在执行中，请稍后再试",
} as const;

const intervalSeconds = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : v),
  z
    .number({ error: SCHEDULE_TEXT.intervalInvalid })
    .int(SCHEDULE_TEXT.intervalInvalid)
    .min(60, SCHEDULE_TEXT.intervalInvalid)
    .max(7 * 24 * 3600, SCHEDULE_TEXT.intervalInvalid),
);

export const ScheduleIntervalSchema = z.object({ intervalSeconds: intervalSeconds.meta({ label: SCHEDULE_TEXT.interval }) });

/** 每 6 小时, 每 90 秒: an interval as a person reads it. */
export function intervalText(seconds: number): string {
  if (seconds % 86400 === 0) return `每 ${seconds / 86400} 天`;
  if (seconds % 3600 === 0) return `每 ${seconds / 3600} 小时`;
  if (seconds % 60 === 0) return `每 ${seconds / 60} 分钟`;
  return `每 ${seconds} 秒`;
}
