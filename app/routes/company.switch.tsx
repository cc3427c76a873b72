import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { t } from "../../server/lib/i18n/zh-CN";
import { requireUser, switchCompany } from "~/server/auth.server";
import { isDomainError, parseId, safeRedirect } from "~/server/kit.server";

/** Switches the session's current company (only to one the user belongs to that is unlocked). */
export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireUser(request);
  const form = await request.formData();
  const companyId = parseId(form.get("companyId"));
  if (companyId === null) throw json({ message: t.errors.badRequest }, { status: 400 });
  try {
    await switchCompany(ctx, companyId);
  } catch (e) {
    if (isDomainError(e)) throw json({ message: e.message }, { status: 403 });
    throw e;
  }
  // The previous page may not exist for the new company's role: home is always safe.
  return redirect(safeRedirect(form.get("redirectTo"), "/home"));
}

export async function loader() {
  return redirect("/home");
}
