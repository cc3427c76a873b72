import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, DomainError } from "~/server/kit.server";
import { runScheduledJobNow, startScheduledJob, stopScheduledJob } from "~/server/system.server";

/**
 * POST /api/app/scheduleJob/{name}/start (enable, due now) | stop | run (run now, answers after it ran) → the job.
 * The platform operator only; any other last segment is 404 in the API's error shape.
 */
const OPS = { start: startScheduledJob, stop: stopScheduledJob, run: runScheduledJobNow } as const;

function route(request: Request, params: Record<string, string | undefined>) {
  return answerMethods(request, {
    POST: async () => {
      const ctx = await requireApiUser(request);
      const op = params.op && Object.hasOwn(OPS, params.op) ? OPS[params.op as keyof typeof OPS] : undefined;
      if (!op) throw new DomainError("not_found", "没有这个操作");
      return json(await op(ctx, params.name));
    },
  });
}

export const loader = ({ request, params }: LoaderFunctionArgs) => route(request, params);
export const action = ({ request, params }: ActionFunctionArgs) => route(request, params);
