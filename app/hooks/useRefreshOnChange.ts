import { useSubmit } from "@remix-run/react";
import { useEffect, type RefObject } from "react";

/** The field to give the focus back to once the form is drawn again (it remounts with the answer). */
let refocus: string | null = null;

/**
 * Options that depend on another field of a form (a transfer's shelves and batches on its
 * warehouses): without JavaScript the form's 刷新选项 button posts it back (`intent=refresh`)
 * and the action answers the same form, nothing typed lost, options redrawn. With JavaScript
 * this does the same at once: a change of one of `fields` posts the form with that intent, so
 * the options never lag behind the field they depend on (and a save never posts a stale
 * choice). The changed field keeps the focus.
 */
export function useRefreshOnChange(formRef: RefObject<HTMLFormElement | null>, fields: readonly string[], intent = "refresh") {
  const submit = useSubmit();
  const key = fields.join(",");
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    if (refocus) {
      const el = form.elements.namedItem(refocus);
      if (el instanceof HTMLElement) el.focus();
      refocus = null;
    }
    const names = new Set(key.split(","));
    const onChange = (e: Event) => {
      const target = e.target as HTMLInputElement | HTMLSelectElement | null;
      if (!target?.name || !names.has(target.name)) return;
      const data = new FormData(form);
      data.set("intent", intent);
      refocus = target.name;
      submit(data, { method: "post", replace: true, preventScrollReset: true });
    };
    form.addEventListener("change", onChange);
    return () => form.removeEventListener("change", onChange);
  }, [formRef, key, intent, submit]);
}
