import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import css from "~/components/grid/grid.module.css";
import { hrefWith } from "~/components/grid/DataGrid";
import { checkedRoleIds, StaffFields } from "~/components/system/StaffFields";
import { staffHref } from "~/components/system/staff-links";
import { Card } from "~/components/ui/mantine/Card";
import { Group } from "~/components/ui/mantine/Group";
import { PasswordInput } from "~/components/ui/mantine/PasswordInput";
import { Text } from "~/components/ui/mantine/Text";
import { dateTimeText } from "#server/lib/grid-settings";
import { STAFF_TEXT, StaffPasswordSchema, StaffUpdateSchema } from "#server/system/user-admin.input";
import { pageTitle, t } from "../../../../server/lib/i18n/zh-CN";
import { FormActions } from "~/components/system/FormActions";
import { orErrorPage, requirePage } from "~/server/auth.server";
import { isDomainError, setFlash, submissionReply } from "~/server/kit.server";
import { assignableRoles, getStaff, removeStaff, resetStaffPassword, setStaffLock, STAFF_MENU, staffDepartments, updateStaff } from "~/server/system.server";

const LIST = "/system/permissions/user";
type Intent = "save" | "password";
type ActionResult = { intent: Intent; result: SubmissionResult<string[]> };

/** One staff login of the company in scope: its name, phone, department and roles; lock, password reset, removal. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requirePage(request, STAFF_MENU);
  const query = new URL(request.url).searchParams;
  const staff = await orErrorPage(getStaff(ctx, query.get("company") ?? undefined, params.id));
  const [roles, departments] = await Promise.all([assignableRoles(staff.company), staffDepartments(staff.company.id)]);
  const operator = ctx.companyKind === "platform";
  return json({ ...staff, roles, departments, operator, self: staff.user.userId === ctx.userId, confirmRemove: query.get("confirm") === "remove" });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requirePage(request, STAFF_MENU);
  const company = new URL(request.url).searchParams.get("company") ?? undefined;
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const here = staffHref(`${LIST}/${params.id}`, company);
  try {
    if (intent === "save") {
      const submission = parseWithZod(formData, { schema: StaffUpdateSchema });
      if (submission.status !== "success") return json<ActionResult>({ intent, result: submission.reply() }, { status: 400 });
      await updateStaff(ctx, company, params.id, submission.value);
      return redirect(here, { headers: await setFlash({ type: "success", message: "已保存，角色的变化在对方下一次操作时生效" }) });
    }
    if (intent === "password") {
      const submission = parseWithZod(formData, { schema: StaffPasswordSchema });
      const hide = { hideFields: ["newPassword", "confirmPassword"] };
      if (submission.status !== "success") return json<ActionResult>({ intent, result: submission.reply(hide) }, { status: 400 });
      await resetStaffPassword(ctx, company, params.id, submission.value);
      return redirect(here, { headers: await setFlash({ type: "success", message: "密码已重置，该用户的登录已全部失效" }) });
    }
    if (intent === "lock" || intent === "unlock" || intent === "lockAll" || intent === "unlockAll") {
      const locked = intent === "lock" || intent === "lockAll";
      await setStaffLock(ctx, company, params.id, locked, { everywhere: intent.endsWith("All") });
      return redirect(here, { headers: await setFlash({ type: "success", message: locked ? "已锁定" : "已解锁" }) });
    }
    if (intent === "remove") {
      await removeStaff(ctx, company, params.id);
      return redirect(staffHref(LIST, company), { headers: await setFlash({ type: "success", message: "已移出本公司" }) });
    }
  } catch (e) {
    if (intent === "save" || intent === "password") {
      const values =
        intent === "save" ? (Object.fromEntries([...formData.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>) : null;
      return json<ActionResult>({ intent, result: submissionReply(e, values) }, { status: 400 });
    }
    if (isDomainError(e) && e.code !== "unauthorized") return redirect(here, { headers: await setFlash({ type: "error", message: e.message }) });
    throw e;
  }
  return redirect(here, { headers: await setFlash({ type: "error", message: t.errors.unknownIntent }) });
}

function useResult(intent: Intent) {
  const data = useActionData<typeof action>() as ActionResult | undefined;
  return data?.intent === intent ? data.result : undefined;
}

export default function StaffEditPage() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  const lastResult = useResult("save");
  const [form, fields] = useForm({
    id: `staff-${data.user.userId}`,
    lastResult,
    defaultValue: { name: data.user.name, phone: data.user.phone ?? "", departmentId: data.departmentId === null ? "" : String(data.departmentId) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StaffUpdateSchema }),
    // Not on blur: unticking one role before ticking another is no mistake to flag.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const companyParam = data.operator ? String(data.company.id) : undefined;
  const identityNote = data.shared && !data.operator && !data.self ? STAFF_TEXT.sharedIdentity : undefined;
  const roleIds = checkedRoleIds(lastResult?.initialValue, data.roleIds);
  const locked = data.user.memberLocked;
  return (
    <div className={css.wrap}>
      <Card withBorder padding="lg" maw={760}>
        <Group justify="space-between" mb="sm">
          <Text fw={600}>
            {data.user.username} · {data.company.shortName ?? data.company.name}
          </Text>
          <Text size="sm" c="dimmed" data-testid="staff-state">
            {data.user.userLocked ? "平台锁定" : locked ? "已锁定" : "正常"} · 加入于 {dateTimeText(data.user.joinedAt)}
            {data.otherCompanies.length ? ` · 也在：${data.otherCompanies.join("、")}` : ""}
          </Text>
        </Group>
        <Form method="post" {...getFormProps(form)} data-testid="staff-edit-form">
          <input type="hidden" name="intent" value="save" />
          <div className={css.formGrid}>
            <StaffFields fields={fields} options={data} roleIds={roleIds} identityNote={identityNote} />
          </div>
          {data.self ? (
            <Text size="sm" c="dimmed" mt="xs">
              这是你自己的账号：角色不能由自己修改。
            </Text>
          ) : null}
          <FormActions errors={form.errors} busy={busy} testId="staff-save" back={staffHref(LIST, companyParam)}>
            {t.common.save}
          </FormActions>
        </Form>
      </Card>
      {data.self ? null : (
        <>
          <PasswordCard identityNote={identityNote} />
          <Card withBorder padding="lg" maw={760} mt="md">
            <Text fw={600} mb="sm">
              账号状态
            </Text>
            <Group>
              <Form method="post">
                <button
                  type="submit"
                  name="intent"
                  value={locked ? "unlock" : "lock"}
                  className={`${css.btn} ${locked ? "" : css.danger}`}
                  disabled={busy}
                  data-testid="staff-lock"
                >
                  {locked ? "解锁" : "锁定"}（本公司）
                </button>
              </Form>
              {data.operator ? (
                <Form method="post">
                  <button
                    type="submit"
                    name="intent"
                    value={data.user.userLocked ? "unlockAll" : "lockAll"}
                    className={`${css.btn} ${data.user.userLocked ? "" : css.danger}`}
                    disabled={busy}
                    data-testid="staff-lock-all"
                  >
                    {data.user.userLocked ? "解除平台锁定" : "平台锁定（所有公司）"}
                  </button>
                </Form>
              ) : null}
              {data.confirmRemove ? (
                <Form method="post" role="alertdialog" aria-label="确认移出" data-testid="staff-remove-confirm">
                  <span>将 {data.user.username} 移出本公司（账号和历史单据保留），确定吗？ </span>
                  <button type="submit" name="intent" value="remove" className={`${css.btn} ${css.danger}`} disabled={busy} data-testid="staff-remove-yes">
                    确定移出
                  </button>{" "}
                  <Link to={hrefWith(search, { confirm: null })} prefetch="none" className={css.btn}>
                    取消
                  </Link>
                </Form>
              ) : (
                <Link to={hrefWith(search, { confirm: "remove" })} prefetch="none" className={`${css.btn} ${css.danger}`} data-testid="staff-remove">
                  移出本公司
                </Link>
              )}
            </Group>
            <Text size="sm" c="dimmed" mt="xs">
              锁定后该用户不能再在本公司操作；正在使用的页面在下一次操作时退出本公司。
            </Text>
          </Card>
        </>
      )}
    </div>
  );
}

function PasswordCard({ identityNote }: { identityNote?: string }) {
  const lastResult = useResult("password");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "staff-password",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StaffPasswordSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <Card withBorder padding="lg" maw={760} mt="md">
      <Text fw={600} mb="sm">
        重置密码
      </Text>
      {identityNote ? (
        <Text size="sm" c="dimmed">
          {identityNote}
        </Text>
      ) : (
        <Form method="post" {...getFormProps(form)} data-testid="staff-password-form">
          <input type="hidden" name="intent" value="password" />
          <div className={css.formGrid}>
            <PasswordInput
              {...getInputProps(fields.newPassword, { type: "password" })}
              key={fields.newPassword.key}
              label={STAFF_TEXT.newPassword}
              description={t.profile.passwordRules}
              autoComplete="new-password"
              required
              error={fields.newPassword.errors?.join("；")}
            />
            <PasswordInput
              {...getInputProps(fields.confirmPassword, { type: "password" })}
              key={fields.confirmPassword.key}
              label={STAFF_TEXT.confirmPassword}
              autoComplete="new-password"
              required
              error={fields.confirmPassword.errors?.[0]}
            />
          </div>
          <FormActions errors={form.errors} busy={busy} testId="staff-password-submit" light>
            重置密码
          </FormActions>
        </Form>
      )}
    </Card>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("编辑用户") }];

export const handle = { pageTitle: "编辑用户" };

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
