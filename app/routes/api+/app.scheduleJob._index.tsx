import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods } from "~/server/kit.server";
import { listScheduledJobs } from "~/server/system.server";

/**
 * GET /api/app/scheduleJob: the product's scheduled jobs (spec 000 §7 worker schedule jobs) →
 * { totalCount, items: [{ name, title, description, intervalSeconds, isEnabled, isRunning, state, stateName,
 * nextRunAt, lastStartedAt, lastFinishedAt, lastResult, lastError, runCount }] }. The platform operator only.
 */
function route(request: Request) {
  return answerMethods(request, {
    GET: async () => json(await listScheduledJobs(await requireApiUser(request))),
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => route(request);
export const action = ({ request }: ActionFunctionArgs) => route(request);
