import { json, redirect, type TypedResponse } from "@remix-run/node";
import { formErrorOf } from "../lib/form-reply";
import { setFlash } from "../lib/flash";
import { parseId } from "../lib/ids";

/**
 * What the pages of the stock-moving notes (发货单 / 收货单, and the put-away note) share: the
 * note or 404, and the actions as plain POST forms (work without JavaScript): the posted
 * `intent` runs its command and redirects with a flash message; a refusal answers the page's
 * data again (status 400/403) with why; an unknown intent is 400.
 */

function notFound(label: string): never {
  throw json({ message: `${label}不存在` }, { status: 404 });
}

/** The document of the URL's id, or a 404 page (an id that is no number, another company's, a missing one). */
export async function moveDocOrNotFound<T>(label: string, idText: string | undefined, load: (id: number) => Promise<T>): Promise<T> {
  const id = parseId(idText ?? "");
  if (id === null) notFound(label);
  try {
    return await load(id);
  } catch (e) {
    if ((e as { code?: string }).code === "not_found") notFound(label);
    throw e;
  }
}

export async function moveFlashRedirect(to: string, message: string, type: "success" | "error" = "success") {
  return redirect(to, { headers: await setFlash({ type, message }) });
}

/** A page command: does its work, says where to go and what to tell. */
export type MovePageIntent = () => Promise<{ to: string; message: string }>;

/** The refusal of a command: its message, per-field messages, HTTP status. */
export type MovePageRefusal = NonNullable<ReturnType<typeof formErrorOf>>;

/**
 * Runs the posted intent: its redirect with the flash message; when the input or the status
 * refuses it, the page's data again (`refused`, read fresh) with the refusal's status.
 */
export async function movePageAction<D>(
  intent: string,
  intents: Record<string, MovePageIntent>,
  refused: (err: MovePageRefusal) => Promise<D>,
): Promise<TypedResponse<D> | TypedResponse<never>> {
  const run = Object.hasOwn(intents, intent) ? intents[intent] : undefined;
  if (!run) throw json({ message: "未知的操作" }, { status: 400 });
  try {
    const { to, message } = await run();
    return await moveFlashRedirect(to, message);
  } catch (e) {
    const err = formErrorOf(e);
    if (!err) throw e;
    return json<D>(await refused(err), { status: err.status });
  }
}
