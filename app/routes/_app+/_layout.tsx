import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { Shell } from "~/components/shell/Shell";
import { requireUser } from "~/server/auth.server";
import { loadShell } from "~/server/home.server";
import { takeFlash } from "~/server/kit.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireUser(request);
  const shell = await loadShell(ctx);
  const mini = /(?:^|;\s*)qp_nav=mini(?:;|$)/.test(request.headers.get("Cookie") ?? "");
  const { flash, clear } = await takeFlash(request);
  return json({ ...shell, mini, flash: flash ?? null }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export default function AppLayout() {
  const data = useLoaderData<typeof loader>();
  return (
    <Shell data={data}>
      <Outlet />
    </Shell>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
