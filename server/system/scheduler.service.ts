import { eq, inArray, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import { actorOf, recordAudit } from "../lib/audit";
import { DomainError } from "../lib/errors";
import { t } from "../lib/i18n/zh-CN";
import { parseInput } from "../lib/validate";
import { scheduledJobs } from "../reference/reference.tables";
import { claimJob, ensureScheduledJobs, jobDefinition, runClaimedJob, SCHEDULED_JOBS, type ScheduledJobDefinition } from "./scheduler";
import { intervalText, SCHEDULE_TEXT, ScheduleIntervalSchema } from "./scheduler.input";

/**
 * 定时任务 (/system/setting/schedule, XTGL-010, platform only; /api/app/scheduleJob): the
 * operator sees every job of the registry with its state and starts, stops, starts all, runs
 * one now or changes its interval. Every change is recorded in the audit trail (jobChange).
 */
export const SCHEDULE_MENU = "XTGL-010";

export const JOB_STATES = [
  ["running", "运行中"],
  ["stopped", "已停止"],
  ["executing", "执行中"],
] as const;
export type JobState = (typeof JOB_STATES)[number][0];

export interface ScheduledJobView {
  name: string;
  title: string;
  description: string;
  intervalSeconds: number;
  intervalText: string;
  isEnabled: boolean;
  isRunning: boolean;
  state: JobState;
  stateName: string;
  nextRunAt: string | null;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  lastResult: string | null;
  lastError: string | null;
  runCount: number;
}

function requireOperator(ctx: Ctx) {
  if (ctx.companyKind !== "platform" || !ctx.permissions.has(SCHEDULE_MENU)) throw new DomainError("forbidden", t.errors.pages[403]!.message);
}

function definitionOf(name: unknown): ScheduledJobDefinition {
  const def = typeof name === "string" ? jobDefinition(name) : undefined;
  if (!def) throw new DomainError("not_found", SCHEDULE_TEXT.missing);
  return def;
}

type JobRow = typeof scheduledJobs.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function viewOf(def: ScheduledJobDefinition, row: JobRow | undefined): ScheduledJobView {
  const isEnabled = row?.isEnabled ?? true;
  const isRunning = row?.isRunning ?? false;
  const state: JobState = isRunning ? "executing" : isEnabled ? "running" : "stopped";
  const intervalSeconds = row?.intervalSeconds ?? def.defaultIntervalSeconds;
  return {
    name: def.name,
    title: def.title,
    description: def.description,
    intervalSeconds,
    intervalText: intervalText(intervalSeconds),
    isEnabled,
    isRunning,
    state,
    stateName: JOB_STATES.find(([k]) => k === state)![1],
    nextRunAt: iso(row?.nextRunAt ?? null),
    lastStartedAt: iso(row?.lastStartedAt ?? null),
    lastFinishedAt: iso(row?.lastFinishedAt ?? null),
    lastResult: row?.lastResult ?? null,
    lastError: row?.lastError ?? null,
    runCount: row?.runCount ?? 0,
  };
}

/** Every job of the registry, in its order; one not yet started up shows its defaults. */
export async function listScheduledJobs(ctx: Ctx): Promise<{ totalCount: number; items: ScheduledJobView[] }> {
  requireOperator(ctx);
  const rows = await db().select().from(scheduledJobs);
  const byName = new Map(rows.map((r) => [r.name, r]));
  const items = SCHEDULED_JOBS.map((d) => viewOf(d, byName.get(d.name)));
  return { totalCount: items.length, items };
}

export async function getScheduledJob(ctx: Ctx, name: unknown): Promise<ScheduledJobView> {
  requireOperator(ctx);
  const def = definitionOf(name);
  const [row] = await db().select().from(scheduledJobs).where(eq(scheduledJobs.name, def.name));
  return viewOf(def, row);
}

async function lockRows(tx: Executor, names: string[]) {
  await ensureScheduledJobs(tx);
  const sorted = [...names].sort();
  return tx.select().from(scheduledJobs).where(inArray(scheduledJobs.name, sorted)).orderBy(scheduledJobs.name).for("update");
}

const stateOf = (r: JobRow) => ({ isEnabled: r.isEnabled, intervalSeconds: r.intervalSeconds, nextRunAt: iso(r.nextRunAt) });

async function audit(tx: Executor, ctx: Ctx, def: ScheduledJobDefinition, summary: string, before: unknown, after: unknown) {
  await recordAudit({ ...actorOf(ctx), action: "jobChange", targetType: "scheduledJob", targetId: def.name, summary, before, after }, tx);
}

/** 启动: enabled and due now (the next tick runs it). */
export async function startScheduledJob(ctx: Ctx, name: unknown): Promise<ScheduledJobView> {
  requireOperator(ctx);
  const def = definitionOf(name);
  await inTransaction(async (tx) => {
    const [row] = await lockRows(tx, [def.name]);
    const [after] = await tx
      .update(scheduledJobs)
      .set({ isEnabled: true, nextRunAt: sql`now()` })
      .where(eq(scheduledJobs.name, def.name))
      .returning();
    await audit(tx, ctx, def, `启动定时任务 ${def.title}`, stateOf(row!), stateOf(after!));
  });
  return getScheduledJob(ctx, def.name);
}

/** 停止: not run by the ticker until started again (a run in progress finishes). */
export async function stopScheduledJob(ctx: Ctx, name: unknown): Promise<ScheduledJobView> {
  requireOperator(ctx);
  const def = definitionOf(name);
  await inTransaction(async (tx) => {
    const [row] = await lockRows(tx, [def.name]);
    const [after] = await tx.update(scheduledJobs).set({ isEnabled: false }).where(eq(scheduledJobs.name, def.name)).returning();
    await audit(tx, ctx, def, `停止定时任务 ${def.title}`, stateOf(row!), stateOf(after!));
  });
  return getScheduledJob(ctx, def.name);
}

/** 全部启动: every stopped job enabled and due now; jobs already running keep their schedule. Answers how many were started. */
export async function startAllScheduledJobs(ctx: Ctx): Promise<{ started: number; items: ScheduledJobView[] }> {
  requireOperator(ctx);
  const started = await inTransaction(async (tx) => {
    const rows = await lockRows(
      tx,
      SCHEDULED_JOBS.map((d) => d.name),
    );
    // Locked in name order (no deadlock with a single start or stop); started in the registry's order.
    const byName = new Map(rows.map((r) => [r.name, r]));
    let n = 0;
    for (const def of SCHEDULED_JOBS) {
      const row = byName.get(def.name);
      if (!row || row.isEnabled) continue;
      const [after] = await tx
        .update(scheduledJobs)
        .set({ isEnabled: true, nextRunAt: sql`now()` })
        .where(eq(scheduledJobs.name, row.name))
        .returning();
      await audit(tx, ctx, def, `启动定时任务 ${def.title}（全部启动）`, stateOf(row), stateOf(after!));
      n++;
    }
    return n;
  });
  return { started, items: (await listScheduledJobs(ctx)).items };
}

/** 立即执行: runs the job here and now (also a stopped one; its schedule stays), unless a claim holds it. */
export async function runScheduledJobNow(ctx: Ctx, name: unknown): Promise<ScheduledJobView> {
  requireOperator(ctx);
  const def = definitionOf(name);
  await ensureScheduledJobs();
  const claim = await claimJob(def.name, { due: false });
  if (!claim) throw new DomainError("conflict", SCHEDULE_TEXT.running);
  const outcome = await runClaimedJob(claim);
  await recordAudit({
    ...actorOf(ctx),
    action: "jobChange",
    targetType: "scheduledJob",
    targetId: def.name,
    summary: `立即执行定时任务 ${def.title}：${outcome.ok ? "成功" : "失败"}`,
    after: outcome.ok ? { result: outcome.result } : { error: outcome.error },
  });
  return getScheduledJob(ctx, def.name);
}

/** The interval (60 s … 7 days); the next run moves to the last run + the new interval. */
export async function setScheduledJobInterval(ctx: Ctx, name: unknown, body: unknown): Promise<ScheduledJobView> {
  requireOperator(ctx);
  const def = definitionOf(name);
  const { intervalSeconds } = parseInput(ScheduleIntervalSchema, body);
  await inTransaction(async (tx) => {
    const [row] = await lockRows(tx, [def.name]);
    if (row!.intervalSeconds === intervalSeconds) return;
    const [after] = await tx
      .update(scheduledJobs)
      .set({ intervalSeconds, nextRunAt: sql`coalesce(${scheduledJobs.lastFinishedAt}, now()) + make_interval(secs => ${intervalSeconds})` })
      .where(eq(scheduledJobs.name, def.name))
      .returning();
    await audit(
      tx,
      ctx,
      def,
      `修改定时任务 ${def.title} 的执行间隔：${intervalText(row!.intervalSeconds)} → ${intervalText(intervalSeconds)}`,
      stateOf(row!),
      stateOf(after!),
    );
  });
  return getScheduledJob(ctx, def.name);
}
