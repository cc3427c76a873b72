import type { ActionFunctionArgs } from "@remix-run/node";
import { apiFailure, exportBrands, methodNotAllowed, readBody, requireApiUser, xlsxDisposition } from "~/services.server";

/** POST /api/app/productBrand/export { sheetName, outPutFileName, filter, excelColumes } → .xlsx, streamed. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const ctx = await requireApiUser(request);
  try {
    const { fileName, stream } = exportBrands(ctx, await readBody(request));
    return new Response(stream, {
      headers: {
        "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "Content-Disposition": xlsxDisposition(fileName),
        "Cache-Control": "no-store",
      },
    });
  } catch (e) {
    return apiFailure(e);
  }
}

export async function loader() {
  return methodNotAllowed();
}
