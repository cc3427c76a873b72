import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PlainTable, SwitchButton } from "~/components/grid/PlainTable";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import css from "~/components/grid/grid.module.css";
import { dateTimeText } from "#server/lib/grid-settings";
import { SCHEDULE_TEXT } from "#server/system/scheduler.input";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { requirePage } from "~/server/auth.server";
import { isDomainError, setFlash } from "~/server/kit.server";
import {
  listScheduledJobs,
  runScheduledJobNow,
  SCHEDULE_MENU,
  setScheduledJobInterval,
  startAllScheduledJobs,
  startScheduledJob,
  stopScheduledJob,
} from "~/server/system.server";

const PAGE = "/system/setting/schedule";

/** 定时任务 (XTGL-010, platform only): the product's periodic jobs; 启动 / 停止 / 立即执行 / 全部启动 and the interval. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requirePage(request, SCHEDULE_MENU);
  return json(await listScheduledJobs(ctx));
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requirePage(request, SCHEDULE_MENU);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const name = String(form.get("name") ?? "");
  const done = async (type: "success" | "error", message: string) => redirect(PAGE, { headers: await setFlash({ type, message }) });
  try {
    switch (intent) {
      case "start": {
        const job = await startScheduledJob(ctx, name);
        return done("success", `已启动 ${job.title}`);
      }
      case "stop": {
        const job = await stopScheduledJob(ctx, name);
        return done("success", `已停止 ${job.title}`);
      }
      case "startAll": {
        const { started } = await startAllScheduledJobs(ctx);
        return done("success", started ? `已启动 ${started} 个任务` : "所有任务都已在运行");
      }
      case "run": {
        const job = await runScheduledJobNow(ctx, name);
        return job.lastError ? done("error", `${job.title} 执行失败：${job.lastError}`) : done("success", `${job.title} 已执行：${job.lastResult ?? ""}`);
      }
      case "interval": {
        const job = await setScheduledJobInterval(ctx, name, { intervalSeconds: form.get("intervalSeconds") });
        return done("success", `${job.title} 的执行间隔已改为${job.intervalText}`);
      }
      default:
        throw json({ message: "未知操作" }, { status: 400 });
    }
  } catch (e) {
    if (isDomainError(e) && intent === "interval" && e.code === "bad_request")
      return json({ name, value: String(form.get("intervalSeconds") ?? ""), error: e.message }, { status: 400 });
    if (isDomainError(e) && e.code !== "unauthorized" && e.code !== "forbidden") return done("error", e.message);
    throw e;
  }
}

export default function SchedulePage() {
  const { items } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className={css.wrap}>
      <div className={css.card}>
        <div className={css.toolbar}>
          <Form method="post">
            <button type="submit" name="intent" value="startAll" className={`${css.btn} ${css.primary}`} disabled={busy} data-testid="schedule-start-all">
              全部启动
            </button>
          </Form>
          <span className={css.muted}>运行中的任务到点自动执行（约每 15 秒检查一次）；多台服务器同时运行时，每次只有一台执行。</span>
        </div>
        <PlainTable
          label="定时任务"
          testId="schedule-table"
          head={[
            ["任务", 260],
            ["执行间隔", 200],
            ["状态", 70],
            ["上次执行", 130],
            ["执行结果", 320],
            ["下次执行", 130],
            ["操作", 190],
          ]}
        >
          {items.map((j) => {
            const error = failed && "error" in failed && failed.name === j.name ? failed : null;
            return (
              <tr key={j.name} data-testid="schedule-row" data-name={j.name} data-state={j.state}>
                <td style={{ whiteSpace: "normal" }}>
                  <strong>{j.title}</strong>
                  <div className={css.muted}>{j.description}</div>
                </td>
                <td>
                  <Form method="post" style={{ display: "flex", gap: 4, alignItems: "center", flexWrap: "wrap" }}>
                    <input type="hidden" name="name" value={j.name} />
                    <input
                      type="number"
                      name="intervalSeconds"
                      min={60}
                      max={604800}
                      step={1}
                      required
                      defaultValue={error ? error.value : j.intervalSeconds}
                      aria-label={`${j.title} ${SCHEDULE_TEXT.interval}`}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `interval-error-${j.name}` : undefined}
                      style={{ width: 90 }}
                    />
                    <span>秒</span>
                    <button type="submit" name="intent" value="interval" className={css.btn} disabled={busy} aria-label={`保存 ${j.title} 的执行间隔`}>
                      保存
                    </button>
                    <span className={css.muted}>{j.intervalText}</span>
                  </Form>
                  {error ? (
                    <div id={`interval-error-${j.name}`} className={css.formError} role="alert">
                      {error.error}
                    </div>
                  ) : null}
                </td>
                <td data-testid="schedule-state">{j.stateName}</td>
                <td>
                  {dateTimeText(j.lastFinishedAt ?? j.lastStartedAt, "—")}
                  {j.runCount ? <div className={css.muted}>共执行 {j.runCount} 次</div> : null}
                </td>
                <td style={{ whiteSpace: "normal" }} data-testid="schedule-result">
                  {j.lastError ? <span style={{ color: "#c92a2a" }}>失败：{j.lastError}</span> : (j.lastResult ?? "—")}
                </td>
                <td>{j.isEnabled ? dateTimeText(j.nextRunAt, "—") : "—"}</td>
                <td>
                  <Form method="post" style={{ display: "flex", gap: 4 }}>
                    <input type="hidden" name="name" value={j.name} />
                    <SwitchButton on={j.isEnabled} intents={["start", "stop"]} labels={["启动", "停止"]} subject={j.title} disabled={busy} />
                    <button type="submit" name="intent" value="run" className={css.btn} disabled={busy || j.isRunning} aria-label={`立即执行 ${j.title}`}>
                      立即执行
                    </button>
                  </Form>
                </td>
              </tr>
            );
          })}
        </PlainTable>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("定时任务") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
