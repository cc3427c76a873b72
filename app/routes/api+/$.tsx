import { apiError } from "~/server/kit.server";

/** Any other path under this prefix: the API's 404, as JSON in its one error shape (not the HTML 404 page). */
function notFound() {
  return apiError(404, "not_found", "接口不存在");
}

export const loader = notFound;
export const action = notFound;
