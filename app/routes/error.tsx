import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StandaloneErrorPage } from "~/components/ErrorPage";

const KNOWN = new Set([401, 403, 404, 405, 500]);

/** `/error?status=404|405`: the target of redirects for HTTP 404 and 405 (spec 000 §2, §8). */
export async function loader({ request }: LoaderFunctionArgs) {
  const raw = Number(new URL(request.url).searchParams.get("status"));
  const status = KNOWN.has(raw) ? raw : 404;
  return json({ status }, { status });
}

export default function ErrorRoute() {
  const { status } = useLoaderData<typeof loader>();
  return <StandaloneErrorPage status={status} />;
}
