import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { sessions } from "../auth/auth.tables";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { overdueSummary } from "../finance/overdue-summary";
import { postPartnerEntry } from "../finance/partner-account.service";
import { auditLogs } from "../lib/audit.tables";
import { enterpriseRelations } from "../organization/organization.tables";
import { planSuggestions } from "../purchase/purchase-plan.service";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { scheduledJobs } from "../reference/reference.tables";
import { claimJob, ensureScheduledJobs, finishJob, runDueJobs, SCHEDULED_JOBS, type ScheduledJobDefinition } from "./scheduler";
import {
  getScheduledJob,
  listScheduledJobs,
  runScheduledJobNow,
  setScheduledJobInterval,
  startAllScheduledJobs,
  startScheduledJob,
  stopScheduledJob,
} from "./scheduler.service";
import { companies, COMPANY_ONLINE } from "../kernel/identity.tables";

async function row(name: string) {
  const [r] = await db().select().from(scheduledJobs).where(eq(scheduledJobs.name, name));
  return r!;
}

async function jobAudits() {
  return db().select().from(auditLogs).where(eq(auditLogs.action, "jobChange")).orderBy(auditLogs.id);
}

/** Makes every registry job not due, so a tick runs only what a test makes due. */
async function nothingDue() {
  await db()
    .update(scheduledJobs)
    .set({ nextRunAt: sql`now() + interval '1 day'`, isRunning: false });
}

describe("定时任务 (scheduled jobs)", () => {
  useTestDatabase();
  let admin: Ctx;
  let boss: Ctx;

  beforeAll(async () => {
    admin = (await ctxOf("admin")).ctx;
    boss = (await ctxOf("boss1")).ctx;
    await ensureScheduledJobs();
  });

  it("start-up inserts the missing jobs with their default interval and keeps the state of those that exist", async () => {
    expect((await db().select().from(scheduledJobs)).map((r) => r.name).sort()).toEqual([
      "purgeNotifications",
      "purgeSessions",
      "safeStockPlans",
      "settleAccounts",
      "statementAgeing",
    ]);
    expect(await row("statementAgeing")).toMatchObject({ intervalSeconds: 86400, isEnabled: true, isRunning: false, runCount: 0 });
    await db().update(scheduledJobs).set({ intervalSeconds: 7200, isEnabled: false }).where(eq(scheduledJobs.name, "purgeSessions"));
    await db().delete(scheduledJobs).where(eq(scheduledJobs.name, "safeStockPlans"));
    await ensureScheduledJobs();
    expect(await row("purgeSessions")).toMatchObject({ intervalSeconds: 7200, isEnabled: false });
    expect(await row("safeStockPlans")).toMatchObject({ intervalSeconds: 6 * 3600, isEnabled: true });
    await db().update(scheduledJobs).set({ intervalSeconds: 3600, isEnabled: true }).where(eq(scheduledJobs.name, "purgeSessions"));
  });

  it("a company manager is refused every call; the operator lists the jobs with their state", async () => {
    await expect(listScheduledJobs(boss)).rejects.toMatchObject({ code: "forbidden" });
    await expect(startScheduledJob(boss, "purgeSessions")).rejects.toMatchObject({ code: "forbidden" });
    await expect(stopScheduledJob(boss, "purgeSessions")).rejects.toMatchObject({ code: "forbidden" });
    await expect(startAllScheduledJobs(boss)).rejects.toMatchObject({ code: "forbidden" });
    await expect(runScheduledJobNow(boss, "purgeSessions")).rejects.toMatchObject({ code: "forbidden" });
    await expect(setScheduledJobInterval(boss, "purgeSessions", { intervalSeconds: 600 })).rejects.toMatchObject({ code: "forbidden" });
    expect(await row("purgeSessions")).toMatchObject({ isEnabled: true, intervalSeconds: 3600, runCount: 0 });

    const { totalCount, items } = await listScheduledJobs(admin);
    expect(totalCount).toBe(5);
    expect(items.map((j) => [j.name, j.title, j.stateName])).toEqual([
      ["purgeSessions", "清理过期会话", "运行中"],
      ["purgeNotifications", "清理过期通知", "运行中"],
      ["statementAgeing", "对账账龄检查", "运行中"],
      ["settleAccounts", "往来自动核销", "运行中"],
      ["safeStockPlans", "安全库存补货检查", "运行中"],
    ]);
    await expect(getScheduledJob(admin, "nope")).rejects.toMatchObject({ code: "not_found", message: "定时任务不存在" });
    await expect(stopScheduledJob(admin, "nope")).rejects.toMatchObject({ code: "not_found" });
  });

  it("stop keeps the ticker off the job, start makes it due now, start all starts every stopped job; all audited", async () => {
    await nothingDue();
    const before = (await jobAudits()).length;
    const stopped = await stopScheduledJob(admin, "purgeSessions");
    expect(stopped).toMatchObject({ isEnabled: false, state: "stopped", stateName: "已停止" });
    await db()
      .update(scheduledJobs)
      .set({ nextRunAt: sql`now() - interval '1 minute'` })
      .where(eq(scheduledJobs.name, "purgeSessions"));
    expect(await runDueJobs()).toEqual([]);
    expect((await row("purgeSessions")).runCount).toBe(0);

    const started = await startScheduledJob(admin, "purgeSessions");
    expect(started).toMatchObject({ isEnabled: true, stateName: "运行中" });
    const ran = await runDueJobs();
    expect(ran.map((o) => o.name)).toEqual(["purgeSessions"]);
    const after = await row("purgeSessions");
    expect(after).toMatchObject({ isRunning: false, runCount: 1, lastError: null });
    expect(after.nextRunAt!.getTime() - after.lastFinishedAt!.getTime()).toBe(3600_000);

    await stopScheduledJob(admin, "statementAgeing");
    await stopScheduledJob(admin, "safeStockPlans");
    const all = await startAllScheduledJobs(admin);
    expect(all.started).toBe(2);
    expect(all.items.every((j) => j.isEnabled)).toBe(true);
    expect((await startAllScheduledJobs(admin)).started).toBe(0);

    const audits = (await jobAudits()).slice(before);
    expect(audits.map((a) => a.summary)).toEqual([
      "停止定时任务 清理过期会话",
      "启动定时任务 清理过期会话",
      "停止定时任务 对账账龄检查",
      "停止定时任务 安全库存补货检查",
      "启动定时任务 对账账龄检查（全部启动）",
      "启动定时任务 安全库存补货检查（全部启动）",
    ]);
    expect(audits[0]).toMatchObject({
      userName: "admin",
      targetType: "scheduledJob",
      targetId: "purgeSessions",
      before: expect.objectContaining({ isEnabled: true }),
      after: expect.objectContaining({ isEnabled: false }),
    });
  });

  it("the interval is 60 s … 7 days, whole seconds; a bad one changes nothing", async () => {
    for (const bad of [59, 604801, 1.5, "abc", "", null]) {
      await expect(setScheduledJobInterval(admin, "statementAgeing", { intervalSeconds: bad })).rejects.toMatchObject({
        code: "bad_request",
        message: "执行间隔必须是 60 到 604800 之间的整数秒（1 分钟到 7 天）",
      });
    }
    expect((await row("statementAgeing")).intervalSeconds).toBe(86400);
    const job = await setScheduledJobInterval(admin, "statementAgeing", { intervalSeconds: "43200" });
    expect(job).toMatchObject({ intervalSeconds: 43200, intervalText: "每 12 小时" });
    const [last] = (await jobAudits()).slice(-1);
    expect(last).toMatchObject({
      summary: "修改定时任务 对账账龄检查 的执行间隔：每 1 天 → 每 12 小时",
      after: expect.objectContaining({ intervalSeconds: 43200 }),
    });
    await setScheduledJobInterval(admin, "statementAgeing", { intervalSeconds: 604800 });
    expect((await row("statementAgeing")).intervalSeconds).toBe(604800);
  });

  it("a claim is exclusive; a claim of an instance that died is taken over after 10 × interval (at least 1 h), and its late finish is ignored", async () => {
    await nothingDue();
    await db()
      .update(scheduledJobs)
      .set({ nextRunAt: sql`now() - interval '1 second'` })
      .where(eq(scheduledJobs.name, "purgeSessions"));
    const first = await claimJob("purgeSessions", { due: true });
    expect(first).not.toBeNull();
    expect(await claimJob("purgeSessions", { due: true })).toBeNull();
    expect(await claimJob("purgeSessions", { due: false })).toBeNull();
    await expect(runScheduledJobNow(admin, "purgeSessions")).rejects.toMatchObject({ code: "conflict", message: "该任务正在执行中，请稍后再试" });
    expect((await getScheduledJob(admin, "purgeSessions")).stateName).toBe("执行中");

    // Interval 1 h: the claim counts as alive for 10 h.
    await db()
      .update(scheduledJobs)
      .set({ lastStartedAt: sql`now() - interval '9 hours'` })
      .where(eq(scheduledJobs.name, "purgeSessions"));
    expect(await claimJob("purgeSessions", { due: true })).toBeNull();
    await db()
      .update(scheduledJobs)
      .set({ lastStartedAt: sql`now() - interval '11 hours'` })
      .where(eq(scheduledJobs.name, "purgeSessions"));
    const takeover = await claimJob("purgeSessions", { due: true });
    expect(takeover).not.toBeNull();
    const runs = (await row("purgeSessions")).runCount;
    expect(await finishJob(first!, { result: "迟到的结果" })).toBe(false);
    expect(await row("purgeSessions")).toMatchObject({ isRunning: true, runCount: runs });
    expect(await finishJob(takeover!, { result: "接管后的结果" })).toBe(true);
    expect(await row("purgeSessions")).toMatchObject({ isRunning: false, runCount: runs + 1, lastResult: "接管后的结果" });
  });

  it("a failing job records its error, the next job still runs, and a later success clears the error", async () => {
    await nothingDue();
    await db()
      .insert(scheduledJobs)
      .values([
        { name: "testBroken", intervalSeconds: 60, nextRunAt: sql`now() - interval '1 second'` },
        { name: "testFine", intervalSeconds: 120, nextRunAt: sql`now() - interval '1 second'` },
      ]);
    let broken = true;
    const registry: ScheduledJobDefinition[] = [
      {
        name: "testBroken",
        title: "会失败的任务",
        description: "",
        defaultIntervalSeconds: 60,
        run: async () => {
          if (broken) throw new Error("连接超时");
          return "好了";
        },
      },
      { name: "testFine", title: "正常任务", description: "", defaultIntervalSeconds: 120, run: async () => "完成 1 项" },
    ];
    const outcomes = await runDueJobs(db(), registry);
    expect(outcomes).toEqual([
      { name: "testBroken", ok: false, error: "连接超时" },
      { name: "testFine", ok: true, result: "完成 1 项" },
    ]);
    expect(await row("testBroken")).toMatchObject({ isRunning: false, lastError: "连接超时", lastResult: null, runCount: 1 });
    expect(await row("testFine")).toMatchObject({ isRunning: false, lastError: null, lastResult: "完成 1 项", runCount: 1 });
    // Not due again until its interval has passed.
    expect(await runDueJobs(db(), registry)).toEqual([]);
    broken = false;
    await db()
      .update(scheduledJobs)
      .set({ nextRunAt: sql`now() - interval '1 second'` })
      .where(eq(scheduledJobs.name, "testBroken"));
    expect(await runDueJobs(db(), registry)).toEqual([{ name: "testBroken", ok: true, result: "好了" }]);
    expect(await row("testBroken")).toMatchObject({ lastError: null, lastResult: "好了", runCount: 2 });
    await db()
      .delete(scheduledJobs)
      .where(inArray(scheduledJobs.name, ["testBroken", "testFine"]));
  });

  it("清理过期会话 removes expired sessions and keeps live ones", async () => {
    const { ctx: live } = await ctxOf("sales1");
    const { ctx: gone } = await ctxOf("stock1");
    await db()
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, gone.userId));
    const expired = await db()
      .select()
      .from(sessions)
      .where(sql`${sessions.expiresAt} <= now()`);
    expect(expired.length).toBeGreaterThan(0);
    const job = await runScheduledJobNow(admin, "purgeSessions");
    expect(job.lastResult).toBe(`已清理过期会话 ${expired.length} 个及过期的登录限制记录`);
    expect(
      await db()
        .select()
        .from(sessions)
        .where(sql`${sessions.expiresAt} <= now()`),
    ).toHaveLength(0);
    expect(await db().select().from(sessions).where(eq(sessions.userId, gone.userId))).toHaveLength(0);
    expect(await db().select().from(sessions).where(eq(sessions.userId, live.userId))).not.toHaveLength(0);
  });

  it("对账账龄检查 records the overdue receivables and payables of every online company", async () => {
    const { ctx: boss1 } = await ctxOf("boss1");
    const [customer] = await db().insert(enterpriseRelations).values({ companyId: boss1.companyId, rel: 1, name: "逾期测试客户", paymentTerm: 7 }).returning();
    const before = await overdueSummary(boss1.companyId, new Date());
    await inTransaction((tx) =>
      postPartnerEntry(tx, boss1, {
        partnerId: customer!.id,
        docType: "deliverOrder",
        docId: 900_001,
        docNo: "OVERDUE-1",
        amount: "250.50",
        entryDate: "2024-01-05",
      }),
    );
    const after = await overdueSummary(boss1.companyId, new Date());
    expect(after.receivable.partners).toBe(before.receivable.partners + 1);
    expect(after.receivable.documents).toBe(before.receivable.documents + 1);
    expect(Number(after.receivable.amount) - Number(before.receivable.amount)).toBeCloseTo(250.5, 2);

    const job = await runScheduledJobNow(admin, "statementAgeing");
    const online = await db()
      .select()
      .from(companies)
      .where(and(eq(companies.kind, "trading"), eq(companies.status, COMPANY_ONLINE)));
    expect(job.lastError).toBeNull();
    expect(job.lastResult).toContain(`已检查 ${online.length} 家公司`);
    const [me] = await db().select().from(companies).where(eq(companies.id, boss1.companyId));
    expect(job.lastResult).toContain(
      `${me!.shortName || me!.name}：逾期应收 ${after.receivable.partners} 个客户 ${after.receivable.documents} 笔 ${after.receivable.amount} 元`,
    );
    const [last] = (await jobAudits()).slice(-1);
    expect(last).toMatchObject({ summary: "立即执行定时任务 对账账龄检查：成功", after: { result: job.lastResult } });
  });

  it("安全库存补货检查 counts, per online company, what 采购计划 生成 would order; a stopped job can still be run now and stays stopped", async () => {
    await stopScheduledJob(admin, "safeStockPlans");
    const job = await runScheduledJobNow(admin, "safeStockPlans");
    expect(job).toMatchObject({ isEnabled: false, stateName: "已停止", lastError: null });
    const online = await db()
      .select()
      .from(companies)
      .where(and(eq(companies.kind, "trading"), eq(companies.status, COMPANY_ONLINE)));
    let total = 0;
    for (const c of online) total += (await planSuggestions(db(), { companyId: c.id })).length;
    expect(job.lastResult).toEqual(total ? expect.stringContaining(`需要补货的产品共 ${total} 个`) : `已检查 ${online.length} 家公司，没有需要补货的产品`);
    await startScheduledJob(admin, "safeStockPlans");
  });

  it("every registry job has a title, description and an interval in range", () => {
    for (const j of SCHEDULED_JOBS) {
      expect(j.title).toBeTruthy();
      expect(j.description).toBeTruthy();
      expect(j.defaultIntervalSeconds).toBeGreaterThanOrEqual(60);
      expect(j.defaultIntervalSeconds).toBeLessThanOrEqual(604800);
    }
  });
});
