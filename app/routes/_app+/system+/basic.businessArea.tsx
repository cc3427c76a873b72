import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { RegionPicker } from "~/components/system/RegionPicker";
import type { GridColumn } from "#server/lib/grid-settings";
import type { SaveFailure } from "#server/resource/page";
import type { BusinessAreaPageData } from "#server/system/business-area.page";
import { BUSINESS_AREA_TEXT } from "#server/system/business-area.input";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { businessAreaPageAction, loadBusinessAreaPage } from "~/server/system.server";

/**
 * 商圈 (XTGL-021): the company's sales regions and the administrative areas each covers. The
 * generic list and dialogs; the form chooses covered areas with checkboxes (no JavaScript) or a
 * searchable multi-select; the list filters by a covered area.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await loadBusinessAreaPage(request, columns));
}

export function action({ request }: ActionFunctionArgs) {
  return businessAreaPageAction(request);
}

const columns: GridColumn[] = [
  { field: "name", header: BUSINESS_AREA_TEXT.name, width: 160, sort: "name" },
  { field: "code", header: BUSINESS_AREA_TEXT.code, width: 120, sort: "code" },
  { field: "regionNames", header: BUSINESS_AREA_TEXT.regions, width: 320 },
  { field: "sortOrder", header: "排序", width: 70, kind: "number", sort: "sortOrder" },
  { field: "description", header: BUSINESS_AREA_TEXT.description, width: 240 },
];

export default function BusinessAreaPage() {
  const data = useLoaderData<typeof loader>();
  const config = useMemo<PageConfig>(
    () => ({
      columns,
      filters: [{ name: "areaCode", label: BUSINESS_AREA_TEXT.regions, options: data.areaFilter }],
      keywordPlaceholder: "名称或编码",
      form: [{ name: "name" }, { name: "code" }, { name: "sortOrder" }, { name: "description", widget: "textarea", span: "all" }],
    }),
    [data.areaFilter],
  );
  return <ResourcePage config={config} formExtras={data.regionChoices ? <Regions data={data} /> : null} />;
}

/** The covered areas: what was posted when the save was refused, else what the row has. */
function Regions({ data }: { data: BusinessAreaPageData }) {
  const failure = useActionData<SaveFailure>();
  const refused = failure?.intent === "save" ? failure : null;
  const text = refused ? (refused.values.regionCodes ?? "") : String(data.edit?.row?.regionCodes ?? "");
  const selected = text.split(",").filter(Boolean);
  const spec = data.form?.regionCodes;
  return (
    <RegionPicker
      // A new row or a refused save draws the picker afresh with its own choice.
      key={`${data.edit?.id ?? "new"}-${text}`}
      label={spec?.label ?? BUSINESS_AREA_TEXT.regions}
      hint={spec?.hint ?? BUSINESS_AREA_TEXT.regionsHint}
      choices={data.regionChoices ?? []}
      others={data.otherRegions}
      selected={selected}
      error={refused?.fields.regionCodes?.[0]}
    />
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("商圈") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
