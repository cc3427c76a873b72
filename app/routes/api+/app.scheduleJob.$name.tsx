import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, readBody } from "~/server/kit.server";
import { getScheduledJob, setScheduledJobInterval } from "~/server/system.server";

/**
 * GET /api/app/scheduleJob/{name}: one job; PUT { intervalSeconds } (60 … 604800) → the job.
 * The platform operator only; an unknown name is 404.
 */
function route(request: Request, params: Record<string, string | undefined>) {
  return answerMethods(request, {
    GET: async () => json(await getScheduledJob(await requireApiUser(request), params.name)),
    PUT: async () => {
      const ctx = await requireApiUser(request);
      return json(await setScheduledJobInterval(ctx, params.name, await readBody(request)));
    },
  });
}

export const loader = ({ request, params }: LoaderFunctionArgs) => route(request, params);
export const action = ({ request, params }: ActionFunctionArgs) => route(request, params);
