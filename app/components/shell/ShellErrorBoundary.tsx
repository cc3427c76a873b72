import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { ErrorPage, describeRouteError } from "~/components/ErrorPage";

/**
 * Error boundary for page routes inside the shell: a 403 or 404 thrown by a page renders in
 * the page area, with the menu and tabs still there.
 */
export function ShellErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  const { status, message } = describeRouteError(error);
  return <ErrorPage status={status} message={message} />;
}
