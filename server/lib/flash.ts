import { createCookie } from "@remix-run/node";

/** A one-shot message carried across a redirect (works without JavaScript). */
const flashCookie = createCookie("qp_flash", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

export interface Flash {
  type: "success" | "error" | "info";
  message: string;
}

export async function setFlash(flash: Flash, headers: Headers = new Headers()) {
  headers.append("Set-Cookie", await flashCookie.serialize(flash));
  return headers;
}

/** Reads the flash and the header that clears it; both undefined when there is none. */
export async function takeFlash(request: Request): Promise<{ flash?: Flash; clear?: string }> {
  const header = request.headers.get("Cookie") ?? "";
  if (!header.includes("qp_flash=")) return {};
  const value = (await flashCookie.parse(header)) as Flash | null;
  const clear = await flashCookie.serialize("", { maxAge: 0 });
  if (!value || typeof value.message !== "string") return { clear };
  return { flash: { type: value.type === "error" ? "error" : value.type === "info" ? "info" : "success", message: value.message.slice(0, 200) }, clear };
}
