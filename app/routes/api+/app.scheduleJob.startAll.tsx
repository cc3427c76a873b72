import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods } from "~/server/kit.server";
import { startAllScheduledJobs } from "~/server/system.server";

/** POST /api/app/scheduleJob/startAll: every stopped job started (due now) → { started, items }. The platform operator only. */
function route(request: Request) {
  return answerMethods(request, {
    POST: async () => json(await startAllScheduledJobs(await requireApiUser(request))),
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => route(request);
export const action = ({ request }: ActionFunctionArgs) => route(request);
