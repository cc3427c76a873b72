import type { EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { gzipSync } from "node:zlib";
import { renderToString } from "react-dom/server";

/**
 * Pages render in one piece. Nothing here uses deferred data, so streaming would only cut the
 * HTML into many small chunks, each flushed through gzip separately (measured: +10 ms a
 * page). One string, compressed here in one synchronous pass: the HTTP server's streaming
 * compression took 3.8 ms for a 120 KB list page, this takes about 1 ms. The server's
 * compression middleware leaves an already encoded answer alone.
 */
export default function handleRequest(request: Request, status: number, headers: Headers, remixContext: EntryContext) {
  const html = `<!DOCTYPE html>${renderToString(<RemixServer context={remixContext} url={request.url} />)}`;
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.append("Vary", "Accept-Encoding");
  if (html.length > 1024 && /\bgzip\b/.test(request.headers.get("Accept-Encoding") ?? "")) {
    headers.set("Content-Encoding", "gzip");
    return new Response(gzipSync(html, { level: 4 }), { status, headers });
  }
  return new Response(html, { status, headers });
}

/** Server errors go to the log (with the request path), never to the user. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests and answers Remix itself gives (bad _data ids …) are not faults.
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  console.error(`[error] ${request.method} ${new URL(request.url).pathname}`, error);
};
