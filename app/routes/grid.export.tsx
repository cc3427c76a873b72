import type { ActionFunctionArgs } from "@remix-run/node";
import { exportFromPageForm, methodNotAllowed } from "~/server/kit.server";

/**
 * POST /grid/export: the custom-export dialog of every list page posts here (a resource route,
 * so the browser receives the .xlsx itself, with or without JavaScript). The form names its
 * page; the page's own permission and the list's filter and sort apply.
 */
export function action({ request }: ActionFunctionArgs) {
  return exportFromPageForm(request);
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
