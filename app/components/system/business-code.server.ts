import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { requirePage } from "~/server/auth.server";
import { formErrorOf, formValues, setFlash } from "~/server/kit.server";
import { canEditBusinessCodes, listBusinessCodeRules, restoreDefaultBusinessCodeRule, saveBusinessCodeRule } from "~/server/system.server";

/**
 * The loader and action of the business-code page (business-code.route.tsx) under either of
 * its menu paths: server-only, kept out of the page's file so the browser build never reaches
 * ~/server/<area>.server (Vite refuses a server-only import left in browser code).
 */
export const businessCodeLoader = (PAGE: string) =>
  async function loader({ request }: LoaderFunctionArgs) {
    const ctx = await requirePage(request, PAGE);
    return json({ rules: await listBusinessCodeRules(ctx), canEdit: canEditBusinessCodes(ctx) });
  };

export const businessCodeAction = (PAGE: string) =>
  async function action({ request }: ActionFunctionArgs) {
    const ctx = await requirePage(request, PAGE);
    const form = await request.formData();
    const intent = String(form.get("intent") ?? "");
    const docType = String(form.get("docType") ?? "");
    const values = formValues(form);
    try {
      if (intent === "save") {
        const saved = await saveBusinessCodeRule(ctx, values);
        return redirect(PAGE, { headers: await setFlash({ type: "success", message: `${saved.label}编码规则已保存` }) });
      }
      if (intent === "restore") {
        const rule = await restoreDefaultBusinessCodeRule(ctx, docType);
        return redirect(PAGE, { headers: await setFlash({ type: "success", message: `${rule.label}已恢复默认编码规则` }) });
      }
    } catch (e) {
      const error = formErrorOf(e);
      if (!error) throw e;
      return json({ docType, message: error.message, fields: error.fields, values }, { status: error.status });
    }
    return json({ docType, message: "未知的操作", fields: {} as Record<string, string[]>, values }, { status: 400 });
  };
