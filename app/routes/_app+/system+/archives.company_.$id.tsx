import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import css from "~/components/grid/grid.module.css";
import { CompanyStatusBadge } from "~/components/system/company/CompanyStatusBadge";
import { COMPANY_LIST_URL, companyUrl } from "~/components/system/company/company-links";
import { Button } from "~/components/ui/mantine/Button";
import { Card } from "~/components/ui/mantine/Card";
import { Checkbox } from "~/components/ui/mantine/Checkbox";
import { Group } from "~/components/ui/mantine/Group";
import { Text } from "~/components/ui/mantine/Text";
import { TextInput } from "~/components/ui/mantine/TextInput";
import { dateTimeText } from "#server/lib/grid-settings";
import { COMPANY_STATUS_OPS, COMPANY_TEXT, isCompanyStatusOp } from "#server/system/company-admin.input";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { orErrorPage, requirePage } from "~/server/auth.server";
import { formReply, formValues, isDomainError, setFlash, type FormFailure } from "~/server/kit.server";
import { changeCompanyStatus, COMPANY_ADMIN_MENU, getAllowedRoles, getCompany, resetBusinessData, setAllowedRoles } from "~/server/system.server";

/**
 * One company (公司档案): its record, 上线/下线/关闭/恢复上线, the template roles it may hand out,
 * and 重置业务数据 behind typing the company's full name. Every command is a POST form.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requirePage(request, COMPANY_ADMIN_MENU);
  const company = await orErrorPage(getCompany(ctx, params.id));
  const roles = await orErrorPage(getAllowedRoles(ctx, company.id));
  return json({ company, roles, operatorCompanyId: ctx.companyId });
}

type Intent = "roles" | "reset";

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requirePage(request, COMPANY_ADMIN_MENU);
  const company = await orErrorPage(getCompany(ctx, params.id));
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const here = companyUrl(company.id);
  if (isCompanyStatusOp(intent)) {
    try {
      const done = await changeCompanyStatus(ctx, company.id, intent);
      return redirect(here, {
        headers: await setFlash({ type: "success", message: `${company.name} 已${COMPANY_STATUS_OPS[intent].label}，当前状态：${done.statusName}` }),
      });
    } catch (e) {
      if (isDomainError(e) && e.code !== "unauthorized") return redirect(here, { headers: await setFlash({ type: "error", message: e.message }) });
      throw e;
    }
  }
  if (intent === "roles") {
    try {
      await setAllowedRoles(ctx, company.id, { roleIds: form.getAll("roleIds").map(String) });
      return redirect(here, { headers: await setFlash({ type: "success", message: "可用角色已保存，对方下一次操作时生效" }) });
    } catch (e) {
      return formReply<Intent>("roles", e, {});
    }
  }
  if (intent === "reset") {
    try {
      const done = await resetBusinessData(ctx, company.id, { confirmName: String(form.get("confirmName") ?? "") });
      return redirect(here, { headers: await setFlash({ type: "success", message: `已重置 ${company.name} 的业务数据：删除 ${done.total} 条，主数据保留` }) });
    } catch (e) {
      return formReply<Intent>("reset", e, formValues(form));
    }
  }
  return json<FormFailure<Intent>>({ intent: "roles", message: "未知操作", fields: {}, values: {} }, { status: 400 });
}

export default function CompanyPage() {
  const { company, roles, operatorCompanyId } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as FormFailure<Intent> | undefined;
  const busy = useNavigation().state === "submitting";
  const trading = company.kind === "trading";
  const ops = (Object.keys(COMPANY_STATUS_OPS) as (keyof typeof COMPANY_STATUS_OPS)[]).filter(
    (op) => (COMPANY_STATUS_OPS[op].from as readonly number[]).includes(company.status) && (trading || COMPANY_STATUS_OPS[op].to === 1),
  );
  const fail = (intent: Intent) => (failure?.intent === intent ? failure : undefined);
  const info: [string, string | number | null][] = [
    ["简称", company.shortName],
    ["类型", trading ? "贸易公司" : "平台运营方"],
    ["城市", company.city],
    ["联系人", company.contactName],
    ["联系电话", company.phone],
    ["税号", company.taxNumber],
    ["地址", company.address],
    ["用户数", company.userCount],
    ["创建时间", dateTimeText(company.creationTime)],
  ];
  return (
    <div className={css.wrap}>
      <Card withBorder padding="lg" maw={900}>
        <Group justify="space-between" mb="sm">
          <Group gap="xs">
            <Text fw={600} size="lg" data-testid="company-detail-name">
              {company.name}
            </Text>
            <CompanyStatusBadge status={company.status} />
          </Group>
          <Link to={COMPANY_LIST_URL} prefetch="none" className={css.btn}>
            返回列表
          </Link>
        </Group>
        <dl style={{ display: "grid", gridTemplateColumns: "80px 1fr 80px 1fr", gap: "6px 12px", fontSize: 13, margin: 0 }}>
          {info.map(([label, value]) => (
            <div key={label} style={{ display: "contents" }}>
              <dt style={{ color: "#666e76" }}>{label}</dt>
              <dd style={{ margin: 0 }}>{value ?? "—"}</dd>
            </div>
          ))}
        </dl>
        <Form method="post" style={{ marginTop: 16 }} aria-label="公司状态">
          <Group gap="xs">
            {ops.map((op) => (
              <button
                key={op}
                type="submit"
                name="intent"
                value={op}
                className={`${css.btn} ${op === "online" || op === "closedToOnline" ? css.primary : css.danger}`}
                disabled={busy}
                data-testid={`company-${op}`}
              >
                {COMPANY_STATUS_OPS[op].label}
              </button>
            ))}
            <span className={css.muted}>
              {company.id === operatorCompanyId || !trading
                ? "平台运营方自己的公司不能下线或关闭。"
                : "下线或关闭后，该公司的员工在下一次操作时退出该公司；恢复上线后可以重新登录。"}
            </span>
          </Group>
        </Form>
      </Card>

      {trading ? (
        <Card withBorder padding="lg" maw={900}>
          <Text fw={600} mb={4}>
            {COMPANY_TEXT.roles}
          </Text>
          <Text size="sm" c="dimmed" mb="sm">
            勾选该公司可以分配给员工的模板角色。取消勾选后，持有该角色的员工在下一次操作时失去它的权限；公司自建的角色始终可用。
          </Text>
          <Form method="post" data-testid="company-roles-form">
            <input type="hidden" name="intent" value="roles" />
            <div className={css.checkList}>
              {roles.items.map((r) => (
                <Checkbox
                  key={r.id}
                  name="roleIds"
                  value={String(r.id)}
                  label={r.name}
                  title={r.description ?? undefined}
                  defaultChecked={r.allowed}
                  data-testid={`company-role-${r.code}`}
                />
              ))}
            </div>
            {roles.ownRoles.length ? (
              <Text size="sm" mt="xs">
                公司自建角色：{roles.ownRoles.map((r) => r.name).join("、")}
              </Text>
            ) : null}
            {fail("roles") ? (
              <Text c="red" size="sm" mt="xs" role="alert">
                {fail("roles")!.message}
              </Text>
            ) : null}
            <Button type="submit" mt="sm" variant="light" loading={busy} data-testid="company-roles-save">
              保存可用角色
            </Button>
          </Form>
        </Card>
      ) : null}

      {trading ? (
        <Card withBorder padding="lg" maw={900} style={{ borderColor: "#ffc9c9" }}>
          <Text fw={600} c="red" mb={4}>
            重置业务数据
          </Text>
          <Text size="sm" mb="sm">
            删除该公司的全部单据（销售、采购、退货、拣货、发货、收货、上架、移库、盘点、审批）、库存（余额、流水、成本、锁定）、往来账和收付款。商品、往来单位、仓库货位、员工、设置和用户保留。此操作不能撤销。
          </Text>
          <Form method="post" data-testid="company-reset-form">
            <input type="hidden" name="intent" value="reset" />
            <Group align="flex-end">
              <TextInput
                name="confirmName"
                label={`请输入公司全称“${company.name}”以确认`}
                defaultValue={fail("reset")?.values.confirmName ?? ""}
                key={failure ? JSON.stringify(failure) : "reset"}
                error={fail("reset")?.fields.confirmName?.[0] ?? fail("reset")?.message}
                required
                maxLength={200}
                autoComplete="off"
                style={{ flex: 1 }}
                data-testid="company-reset-name"
              />
              <button type="submit" className={`${css.btn} ${css.danger}`} disabled={busy} data-testid="company-reset-submit">
                重置业务数据
              </button>
            </Group>
          </Form>
        </Card>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("公司档案") }];

export const handle = { pageTitle: "公司详情" };

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
