import { useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, type RefObject } from "react";

/** The field to give the focus back to once the answer is drawn (a form keyed on its values remounts). */
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
  const idle = useNavigation().state === "idle";
  const key = fields.join(",");
  useEffect(() => {
    if (!idle || !refocus) return;
    const el = formRef.current?.elements.namedItem(refocus);
    refocus = null;
    if (el instanceof HTMLElement && document.activeElement !== el) el.focus();
  }, [idle, formRef]);
  useEffect(() => {
    const names = new Set(key.split(","));
    // On the document, not the form: a form keyed on its data remounts, this listener stays.
    const onChange = (e: Event) => {
      const form = formRef.current;
      const target = e.target;
      if (!form || !(target instanceof HTMLInputElement || target instanceof HTMLSelectElement) || target.form !== form || !names.has(target.name)) return;
      const data = new FormData(form);
      data.set("intent", intent);
      refocus = target.name;
      submit(data, { method: "post", replace: true, preventScrollReset: true });
    };
    document.addEventListener("change", onChange);
    return () => document.removeEventListener("change", onChange);
  }, [formRef, key, intent, submit]);
}
