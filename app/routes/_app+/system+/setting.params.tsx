import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import css from "~/components/grid/grid.module.css";
import { postedStrings, SettingRowFrame } from "~/components/system/SettingRowFrame";
import type { GlobalSettingField } from "#server/system/global-settings.form";
import type { SettingValue } from "#server/setting/setting.defaults";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { requirePage } from "~/server/auth.server";
import { formErrorOf, setFlash } from "~/server/kit.server";
import { loadGlobalSettingsForm, PARAMS_MENU, saveGlobalSettingsForm } from "~/server/setting.server";

const PAGE = "/system/setting/params";

/** 参数设置 (XTGL-006): the platform's global settings; the operator changes them, companies read them. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requirePage(request, PARAMS_MENU);
  return json(await loadGlobalSettingsForm(ctx));
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requirePage(request, PARAMS_MENU);
  const form = await request.formData();
  const values = postedStrings(form);
  try {
    const n = await saveGlobalSettingsForm(ctx, values);
    return redirect(PAGE, { headers: await setFlash({ type: "success", message: n ? `已保存 ${n} 项参数，立即生效` : "没有修改" }) });
  } catch (e) {
    const error = formErrorOf(e);
    if (!error) throw e;
    return json({ message: error.message, fields: error.fields, values }, { status: error.status });
  }
}

type Loaded = Awaited<ReturnType<typeof loadGlobalSettingsForm>>;

export default function GlobalParamsPage() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className={css.wrap}>
      <Form method="post" noValidate className={css.card} style={{ maxWidth: 860, padding: 16 }} data-testid="params-form" aria-label="参数设置">
        {!data.canEdit ? (
          <div className={css.muted} role="note" style={{ marginBottom: 8 }}>
            这些是整个平台的全局参数，由平台管理员设置；这里只能查看。
          </div>
        ) : null}
        {failed ? (
          <div className={css.formError} role="alert">
            {failed.message}
          </div>
        ) : null}
        <fieldset disabled={!data.canEdit} style={{ border: "1px solid #e3e6ea", borderRadius: 6, padding: "8px 14px 12px", marginBottom: 12 }}>
          <legend style={{ fontWeight: 600, fontSize: 14 }}>平台参数</legend>
          {data.fields.map((f) => (
            <ParamRow
              key={f.name}
              field={f}
              value={data.values[f.name] as SettingValue}
              posted={failed?.values}
              error={failed?.fields?.[f.name]?.[0]}
              categories={data.categories}
            />
          ))}
        </fieldset>
        {data.canEdit ? (
          <button type="submit" className={`${css.btn} ${css.primary}`} disabled={busy} data-testid="params-save">
            保存参数
          </button>
        ) : null}
      </Form>
    </div>
  );
}

function ParamRow({
  field: f,
  value,
  posted,
  error,
  categories,
}: {
  field: GlobalSettingField;
  value: SettingValue;
  posted?: Record<string, string>;
  error?: string;
  categories: Loaded["categories"];
}) {
  const id = `param-${f.name}`;
  let input;
  if (f.kind === "category") {
    const v = value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, SettingValue>) : {};
    const current = posted?.[f.name] ?? (v.level1Id == null ? "" : String(v.level1Id));
    input = (
      <select id={id} name={f.name} defaultValue={current} aria-invalid={error ? true : undefined}>
        <option value="">（不设置）</option>
        {categories.map((c) => (
          <option key={c.level1Id} value={c.level1Id}>
            {c.parentName} / {c.name}
          </option>
        ))}
      </select>
    );
  } else {
    input = (
      <input
        id={id}
        name={f.name}
        type="text"
        style={{ width: 360 }}
        maxLength={f.kind === "url" ? 200 : 30}
        defaultValue={posted?.[f.name] ?? String(value ?? "")}
        aria-invalid={error ? true : undefined}
      />
    );
  }
  return (
    <SettingRowFrame id={id} label={f.label} help={f.help} error={error} labelWidth={200} data-param={f.name}>
      {input}
    </SettingRowFrame>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("参数设置") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
