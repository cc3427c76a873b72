import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireUser, getAvatar } from "~/services.server";

/** A user's avatar image, for signed-in users. Versioned urls, so it may be cached long. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = Number(params.userId);
  const avatar = Number.isInteger(id) && id > 0 ? await getAvatar(id) : undefined;
  if (!avatar) throw json({ message: undefined }, { status: 404 });
  return new Response(Buffer.from(avatar.data), {
    headers: {
      "Content-Type": avatar.contentType,
      "Cache-Control": "private, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'",
    },
  });
}
