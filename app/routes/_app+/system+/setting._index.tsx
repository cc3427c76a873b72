import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import css from "~/components/grid/grid.module.css";
import { postedStrings, SettingRowFrame } from "~/components/system/SettingRowFrame";
import type { SettingField } from "#server/system/company-settings.form";
import type { SettingValue } from "#server/setting/setting.defaults";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { requirePage } from "~/server/auth.server";
import { formErrorOf, setFlash } from "~/server/kit.server";
import { loadCompanySettingsForm, saveCompanySettingsForm, SETTINGS_MENU } from "~/server/setting.server";

const PAGE = "/system/setting";

/** 系统设置 (XTGL-005): the company's settings (spec 000 §3), each with its meaning; saved together, effective at once. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requirePage(request, SETTINGS_MENU);
  return json(await loadCompanySettingsForm(ctx));
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requirePage(request, SETTINGS_MENU);
  const form = await request.formData();
  const values = postedStrings(form);
  try {
    const n = await saveCompanySettingsForm(ctx, values);
    return redirect(PAGE, { headers: await setFlash({ type: "success", message: n ? `已保存 ${n} 项设置，立即生效` : "没有修改" }) });
  } catch (e) {
    const error = formErrorOf(e);
    if (!error) throw e;
    return json({ message: error.message, fields: error.fields, values }, { status: error.status });
  }
}

const obj = (v: SettingValue | undefined) => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, SettingValue>) : {});

export default function CompanySettingsPage() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const posted = failed?.values;
  const groups = [...new Set(data.fields.map((f) => f.group))];
  return (
    <div className={css.wrap}>
      <Form method="post" noValidate className={css.card} style={{ maxWidth: 860, padding: 16 }} data-testid="settings-form" aria-label="系统设置">
        {failed ? (
          <div className={css.formError} role="alert">
            {failed.message}
          </div>
        ) : null}
        {groups.map((g) => (
          <fieldset key={g} style={{ border: "1px solid #e3e6ea", borderRadius: 6, padding: "8px 14px 12px", marginBottom: 12 }}>
            <legend style={{ fontWeight: 600, fontSize: 14 }}>{g}</legend>
            {data.fields
              .filter((f) => f.group === g)
              .map((f) => (
                <SettingRow
                  key={f.name}
                  field={f}
                  value={data.values[f.name] as SettingValue}
                  posted={posted}
                  error={failed?.fields?.[f.name]?.[0]}
                  locations={data.locations}
                  timeZones={data.timeZones}
                />
              ))}
          </fieldset>
        ))}
        <button type="submit" className={`${css.btn} ${css.primary}`} disabled={busy} data-testid="settings-save">
          保存设置
        </button>
      </Form>
    </div>
  );
}

function SettingRow({
  field: f,
  value,
  posted,
  error,
  locations,
  timeZones,
}: {
  field: SettingField;
  value: SettingValue;
  posted?: Record<string, string>;
  error?: string;
  locations: { id: number; name: string }[];
  timeZones: readonly { value: string; label: string }[];
}) {
  const text = (name: string, fallback: string) => posted?.[name] ?? fallback;
  const id = `setting-${f.name}`;
  let input;
  if (f.kind === "bool" || f.kind === "combiPrice") {
    const on = posted ? posted[f.name] === "true" : f.kind === "bool" ? value === true : obj(value).Enabled === true;
    input = (
      <>
        <input type="hidden" name={f.name} value="false" />
        <input id={id} type="checkbox" name={f.name} value="true" defaultChecked={on} />
      </>
    );
  } else if (f.kind === "location") {
    const current = obj(obj(value).Default).Id;
    input = (
      <select id={id} name={f.name} defaultValue={text(f.name, current == null ? "" : String(current))}>
        <option value="">（各仓库的退货区）</option>
        {locations.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </select>
    );
  } else if (f.kind === "timeZone") {
    const current = text(f.name, String(value ?? "Asia/Shanghai"));
    input = (
      <select id={id} name={f.name} defaultValue={current}>
        {(timeZones.some((z) => z.value === current) ? timeZones : [{ value: current, label: "其他时区" }, ...timeZones]).map((z) => (
          <option key={z.value} value={z.value}>
            {z.label}（{z.value}）
          </option>
        ))}
      </select>
    );
  } else if (f.kind === "deliverReceiver") {
    const v = obj(value);
    input = (
      <span style={{ display: "inline-flex", gap: 8 }}>
        <input
          id={id}
          name={`${f.name}.Deliver`}
          defaultValue={text(`${f.name}.Deliver`, String(v.Deliver ?? ""))}
          maxLength={32}
          placeholder="发货人"
          aria-label="默认发货人"
        />
        <input
          name={`${f.name}.Receiver`}
          defaultValue={text(`${f.name}.Receiver`, String(v.Receiver ?? ""))}
          maxLength={32}
          placeholder="收货人"
          aria-label="默认收货人"
        />
      </span>
    );
  } else {
    input = (
      <input
        id={id}
        name={f.name}
        type={f.kind === "int" ? "number" : "text"}
        min={f.min}
        max={f.max}
        maxLength={f.kind === "text" ? f.max : undefined}
        defaultValue={text(f.name, String(value ?? ""))}
        aria-invalid={error ? true : undefined}
      />
    );
  }
  return (
    <SettingRowFrame id={id} label={f.label} help={f.help} error={error} data-setting={f.name}>
      {input}
    </SettingRowFrame>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("系统设置") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
