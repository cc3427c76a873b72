import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { compactShell, expandShell } from "#server/system/shell.wire";
import { Shell } from "~/components/shell/Shell";
import { requireUser } from "~/server/auth.server";
import { loadShell } from "~/server/home.server";
import { takeFlash } from "~/server/kit.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireUser(request);
  const shell = await loadShell(ctx);
  const mini = /(?:^|;\s*)qp_nav=mini(?:;|$)/.test(request.headers.get("Cookie") ?? "");
  const { flash, clear } = await takeFlash(request);
  // The menu travels compact (server/system/shell.wire.ts); the component expands it again.
  return json({ ...compactShell(shell), mini, flash: flash ?? null }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export default function AppLayout() {
  const wire = useLoaderData<typeof loader>();
  const data = useMemo(() => expandShell(wire), [wire]);
  return (
    <Shell data={data}>
      <Outlet />
    </Shell>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
