import { and, asc, eq, lte, sql } from "drizzle-orm";
import { purgeExpiredSessions } from "../auth/session.service";
import { sessions } from "../auth/auth.tables";
import { db, type Executor } from "../db/client";
import { overdueSummary } from "../finance/overdue-summary";
import { settleAllAccounts } from "../finance/partner-account.service";
import { planSuggestions } from "../purchase/purchase-plan.service";
import { NOTIFICATION_KEEP_DAYS, NOTIFICATION_KEEP_READ_DAYS, purgeOldNotifications } from "../kernel/notify";
import { scheduledJobs } from "../reference/reference.tables";
import { companies, COMPANY_ONLINE } from "../kernel/identity.tables";
import { rows as rowsOf } from "../lib/rows";

/**
 * 定时任务: the product's own periodic work, defined here in code; their state (interval,
 * enabled, running, last outcome, next run) lives in `scheduled_jobs`, one row per job, so
 * every instance of the app behind a load balancer shares it. A job runs where it is claimed:
 * one UPDATE that sets is_running only where it is not running, is enabled and is due
 * (claimJob), so exactly one instance runs each due job. A claim whose instance died is taken
 * over after max(10 × interval, 1 h). A job's outcome is recorded only by the claim that ran it
 * (its start time is the claim's token).
 */
export interface ScheduledJobDefinition {
  name: string;
  title: string;
  description: string;
  defaultIntervalSeconds: number;
  /** Does the work; answers one line in Chinese for 执行结果. Throws to record an error. */
  run: (ex: Executor, now: Date) => Promise<string>;
}

export const JOB_INTERVAL_MIN = 60;
export const JOB_INTERVAL_MAX = 7 * 24 * 3600;
/** A claim older than this (and 10 × the interval) belongs to an instance that died. */
export const STALE_CLAIM_SECONDS = 3600;

const MAX_RESULT = 1000;

async function onlineTradingCompanies(ex: Executor) {
  return ex
    .select({ id: companies.id, name: companies.name, shortName: companies.shortName })
    .from(companies)
    .where(and(eq(companies.kind, "trading"), eq(companies.status, COMPANY_ONLINE)))
    .orderBy(asc(companies.id));
}

const nameOf = (c: { name: string; shortName: string | null }) => c.shortName || c.name;

export const SCHEDULED_JOBS: readonly ScheduledJobDefinition[] = [
  {
    name: "purgeSessions",
    title: "清理过期会话",
    description: "删除已过期的登录会话和已失效的登录失败计数（登录限制），保持会话表精简。",
    defaultIntervalSeconds: 3600,
    run: async (ex, now) => {
      const [row] = await ex
        .select({ n: sql<number>`count(*)::int` })
        .from(sessions)
        .where(lte(sessions.expiresAt, now));
      await purgeExpiredSessions(now);
      const n = Number(row?.n ?? 0);
      return n ? `已清理过期会话 ${n} 个及过期的登录限制记录` : "没有过期会话；已清理过期的登录限制记录";
    },
  },
  {
    name: "purgeNotifications",
    title: "清理过期通知",
    description: `删除已读超过 ${NOTIFICATION_KEEP_READ_DAYS} 天的站内通知和超过 ${NOTIFICATION_KEEP_DAYS} 天的全部站内通知（每次最多 100 万条，分批删除）。`,
    defaultIntervalSeconds: 24 * 3600,
    run: async (ex, now) => {
      const n = await purgeOldNotifications(ex, now);
      return n ? `已清理过期通知 ${n} 条` : "没有过期的通知";
    },
  },
  {
    name: "statementAgeing",
    title: "对账账龄检查",
    description: "按各公司时区的今天和往来单位的付款条件，统计已上线公司逾期未结清的应收（客户）和应付（供应商）单据。",
    defaultIntervalSeconds: 24 * 3600,
    run: async (ex, now) => {
      const parts: string[] = [];
      let receivable = 0;
      let payable = 0;
      const list = await onlineTradingCompanies(ex);
      for (const c of list) {
        const s = await overdueSummary(c.id, now, ex);
        receivable += s.receivable.partners;
        payable += s.payable.partners;
        const bits: string[] = [];
        if (s.receivable.partners) bits.push(`逾期应收 ${s.receivable.partners} 个客户 ${s.receivable.documents} 笔 ${s.receivable.amount} 元`);
        if (s.payable.partners) bits.push(`逾期应付 ${s.payable.partners} 个供应商 ${s.payable.documents} 笔 ${s.payable.amount} 元`);
        if (bits.length) parts.push(`${nameOf(c)}：${bits.join("，")}`);
      }
      if (!parts.length) return `已检查 ${list.length} 家公司，没有逾期的应收应付`;
      return `已检查 ${list.length} 家公司，逾期应收客户 ${receivable} 个、逾期应付供应商 ${payable} 个。${parts.join("；")}`;
    },
  },
  {
    name: "settleAccounts",
    title: "往来自动核销",
    description:
      "已上线公司中，往来单位既有未结清单据、又有未核销的预收/预付款或退货贷项时，按先到先核销的规则核销（单据过账时已自动核销；此任务补上以前的数据）。",
    defaultIntervalSeconds: 24 * 3600,
    run: async (ex, now) => {
      const parts: string[] = [];
      let total = 0;
      const list = await onlineTradingCompanies(ex);
      for (const c of list) {
        const n = await settleAllAccounts(c.id, now);
        total += n;
        if (n) parts.push(`${nameOf(c)} ${n} 个`);
      }
      if (!total) return `已检查 ${list.length} 家公司，没有需要核销的往来单位`;
      return `已检查 ${list.length} 家公司，已核销往来单位 ${total} 个：${parts.join("、")}`;
    },
  },
  {
    name: "safeStockPlans",
    title: "安全库存补货检查",
    description: "按采购计划“生成”的规则（低于安全库存下限，补到上限，扣除在途采购），统计已上线公司需要补货的产品；需要时到采购计划页生成计划。",
    defaultIntervalSeconds: 6 * 3600,
    run: async (ex) => {
      const parts: string[] = [];
      let total = 0;
      const list = await onlineTradingCompanies(ex);
      for (const c of list) {
        const n = (await planSuggestions(ex, { companyId: c.id })).length;
        total += n;
        if (n) parts.push(`${nameOf(c)} ${n} 个`);
      }
      if (!total) return `已检查 ${list.length} 家公司，没有需要补货的产品`;
      return `已检查 ${list.length} 家公司，需要补货的产品共 ${total} 个：${parts.join("、")}`;
    },
  },
];

export function jobDefinition(name: string): ScheduledJobDefinition | undefined {
  return SCHEDULED_JOBS.find((j) => j.name === name);
}

/** Start-up: a row for every job of the registry (its default interval, enabled, due now); rows that exist keep their state. */
export async function ensureScheduledJobs(ex: Executor = db()) {
  await ex
    .insert(scheduledJobs)
    .values(SCHEDULED_JOBS.map((j) => ({ name: j.name, intervalSeconds: j.defaultIntervalSeconds, isEnabled: true, nextRunAt: sql`now()` })))
    .onConflictDoNothing({ target: scheduledJobs.name });
}

/** A won claim: the token (start time, as the database wrote it) that finishJob must present. */
export interface JobClaim {
  name: string;
  startedAt: string;
}

/**
 * Claims a job atomically. `due` (the ticker): only when enabled and due. Otherwise (立即执行)
 * whenever no live claim holds it. Answers null when another claim holds it or it is not due.
 */
export async function claimJob(name: string, opts: { due: boolean }, ex: Executor = db()): Promise<JobClaim | null> {
  const dueCond = opts.due ? sql` and is_enabled and next_run_at <= now()` : sql``;
  const rows = rowsOf(
    await ex.execute(sql`update scheduled_jobs set is_running = true, last_started_at = now()
      where name = ${name}${dueCond}
        and (not is_running or last_started_at is null
          or last_started_at < now() - make_interval(secs => greatest(interval_seconds * 10, ${STALE_CLAIM_SECONDS})))
      returning last_started_at::text as started_at`),
  );
  const r = rows[0];
  return r ? { name, startedAt: String(r.started_at) } : null;
}

/** Records the outcome of a claim and schedules the next run; ignored when the claim was taken over. */
export async function finishJob(claim: JobClaim, outcome: { result?: string; error?: string }, ex: Executor = db()): Promise<boolean> {
  const rows = rowsOf(
    await ex.execute(sql`update scheduled_jobs set is_running = false, last_finished_at = now(),
        last_result = ${outcome.result?.slice(0, MAX_RESULT) ?? null}, last_error = ${outcome.error?.slice(0, MAX_RESULT) ?? null},
        run_count = run_count + 1, next_run_at = now() + make_interval(secs => interval_seconds)
      where name = ${claim.name} and is_running and last_started_at = ${claim.startedAt}::timestamptz
      returning name`),
  );
  return rows.length > 0;
}

function messageOf(e: unknown) {
  const m = e instanceof Error ? e.message : String(e);
  return m || "未知错误";
}

export interface JobOutcome {
  name: string;
  ok: boolean;
  result?: string;
  error?: string;
}

/** Runs a claimed job and records its outcome; never throws for the job's own failure. */
export async function runClaimedJob(claim: JobClaim, ex: Executor = db(), registry: readonly ScheduledJobDefinition[] = SCHEDULED_JOBS): Promise<JobOutcome> {
  const def = registry.find((j) => j.name === claim.name);
  let outcome: JobOutcome;
  try {
    if (!def) throw new Error("任务不存在");
    const result = await def.run(ex, new Date());
    outcome = { name: claim.name, ok: true, result };
  } catch (e) {
    outcome = { name: claim.name, ok: false, error: messageOf(e) };
  }
  await finishJob(claim, { result: outcome.result, error: outcome.error }, ex);
  return outcome;
}

/**
 * One tick: every due, enabled job of the registry that this instance can claim is run, one
 * after another; a failing job is recorded and the next still runs.
 */
export async function runDueJobs(ex: Executor = db(), registry: readonly ScheduledJobDefinition[] = SCHEDULED_JOBS): Promise<JobOutcome[]> {
  const out: JobOutcome[] = [];
  for (const def of registry) {
    const claim = await claimJob(def.name, { due: true }, ex);
    if (claim) out.push(await runClaimedJob(claim, ex, registry));
  }
  return out;
}

export interface SchedulerHandle {
  /** Stops ticking and waits for a tick in progress to finish. */
  stop(): Promise<void>;
}

/**
 * The ticker (server/main.ts): ensures the rows, then every `tickMs` runs the due jobs. A tick
 * never overlaps the previous one and never throws out of the timer; the timer does not keep
 * the process alive.
 */
export function startScheduler(opts: { tickMs?: number; log?: (msg: string) => void } = {}): SchedulerHandle {
  const tickMs = opts.tickMs ?? 15_000;
  const log = opts.log ?? (() => {});
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  const tick = async () => {
    try {
      for (const o of await runDueJobs()) if (!o.ok) log(`定时任务 ${o.name} 失败：${o.error}`);
    } catch (e) {
      log(`定时任务检查失败：${messageOf(e)}`);
    }
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = tick().finally(() => schedule(tickMs));
    }, ms);
    timer.unref();
  };
  current = ensureScheduledJobs()
    .catch((e) => log(`定时任务初始化失败：${messageOf(e)}`))
    .then(() => schedule(0));

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current.catch(() => {});
    },
  };
}
