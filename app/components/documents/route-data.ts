import { useActionData, useLoaderData } from "@remix-run/react";

/**
 * A document route's data for its page: what the loader gave (`loaded`) and the action's form
 * answer (`answered`: a refused save, a line added …, the answers that carry the form's lines),
 * typed by the route's own loader and action (`useDocumentRouteData<typeof loader, typeof action>()`).
 * The action's other answers (redirects, `{ error }` of an unknown intent) are not the form's.
 */
export function useDocumentRouteData<Loader, Action>() {
  const loaded = useLoaderData<Loader>();
  const reply = useActionData<Action>();
  return { loaded, answered: reply !== undefined && isFormAnswer(reply) ? reply : undefined };
}

function isFormAnswer<T>(reply: T): reply is Extract<T, { lines: unknown }> {
  return typeof reply === "object" && reply !== null && "lines" in reply;
}
