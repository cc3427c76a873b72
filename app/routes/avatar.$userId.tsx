import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireUser } from "~/server/auth.server";
import { methodNotAllowed } from "~/server/kit.server";
import { getAvatar, PRIVATE_FILE_CACHE } from "~/server/system.server";

/**
 * A user's avatar image, for signed-in colleagues (same current company, or the platform
 * operator); anyone else's is 404. Never cached (PRIVATE_FILE_CACHE), so a picture stays out of
 * reach once the viewer signs out or moves to another company.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireUser(request);
  const raw = params.userId ?? "";
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  const avatar = id > 0 && id <= 2147483647 ? await getAvatar(ctx, id) : undefined;
  if (!avatar) throw json({ message: undefined }, { status: 404 });
  return new Response(Buffer.from(avatar.data), {
    headers: { "Cache-Control": PRIVATE_FILE_CACHE, "Content-Security-Policy": "default-src 'none'", "Content-Type": avatar.contentType },
  });
}

/** The picture is only read: any other method is 405 in Chinese, with Allow (not Remix's English answer). */
export function action() {
  return methodNotAllowed(["GET"]);
}
