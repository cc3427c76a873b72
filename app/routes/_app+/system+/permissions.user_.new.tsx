import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import css from "~/components/grid/grid.module.css";
import { checkedRoleIds, RoleChecks, StaffFields, type StaffOptions } from "~/components/system/StaffFields";
import { staffHref } from "~/components/system/staff-links";
import { Card } from "~/components/ui/mantine/Card";
import { PasswordInput } from "~/components/ui/mantine/PasswordInput";
import { Text } from "~/components/ui/mantine/Text";
import { TextInput } from "~/components/ui/mantine/TextInput";
import { STAFF_TEXT, StaffCreateSchema, StaffJoinSchema } from "#server/system/user-admin.input";
import { pageTitle, t } from "../../../../server/lib/i18n/zh-CN";
import { orErrorPage, requirePage } from "~/server/auth.server";
import { setFlash, submissionReply } from "~/server/kit.server";
import { createStaff, joinStaff, STAFF_MENU, staffCompany, staffDepartments, assignableRoles } from "~/server/system.server";
import { FormActions } from "~/components/system/FormActions";

const LIST = "/system/permissions/user";
type Intent = "create" | "join";
type ActionResult = { intent: Intent; result: SubmissionResult<string[]> };

/** 新增用户: a staff login of the company in scope (the operator: also an existing login joins another company). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requirePage(request, STAFF_MENU);
  const company = await orErrorPage(staffCompany(ctx, new URL(request.url).searchParams.get("company") ?? undefined));
  const [roles, departments] = await Promise.all([assignableRoles(company), staffDepartments(company.id)]);
  return json({ company, roles, departments, operator: ctx.companyKind === "platform" });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requirePage(request, STAFF_MENU);
  const companyRef = new URL(request.url).searchParams.get("company") ?? undefined;
  const formData = await request.formData();
  const intent: Intent = formData.get("intent") === "join" ? "join" : "create";
  const schema = intent === "join" ? StaffJoinSchema : StaffCreateSchema;
  const submission = parseWithZod(formData, { schema });
  const hide = { hideFields: ["password", "confirmPassword"] };
  if (submission.status !== "success") return json<ActionResult>({ intent, result: submission.reply(hide) }, { status: 400 });
  try {
    const made = intent === "join" ? await joinStaff(ctx, companyRef, submission.value) : await createStaff(ctx, companyRef, submission.value);
    const username = String(formData.get("username") ?? "").trim();
    return redirect(staffHref(`${LIST}/${made.userId}`, ctx.companyKind === "platform" ? String(made.companyId) : undefined), {
      headers: await setFlash({ type: "success", message: intent === "join" ? `${username} 已加入本公司` : `已新增用户 ${username}，可以用初始密码登录` }),
    });
  } catch (e) {
    const values = Object.fromEntries(
      [...formData.entries()].filter(([k, v]) => typeof v === "string" && k !== "password" && k !== "confirmPassword"),
    ) as Record<string, string>;
    return json<ActionResult>({ intent, result: submissionReply(e, values) }, { status: 400 });
  }
}

function useResult(intent: Intent) {
  const data = useActionData<typeof action>() as ActionResult | undefined;
  return data?.intent === intent ? data.result : undefined;
}

export default function NewStaffPage() {
  const data = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  const lastResult = useResult("create");
  const [form, fields] = useForm({
    id: "staff-create",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StaffCreateSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const back = staffHref(LIST, data.operator ? String(data.company.id) : undefined);
  return (
    <div className={css.wrap}>
      <Card withBorder padding="lg" maw={760}>
        <Text fw={600} mb="sm">
          新增用户 · {data.company.shortName ?? data.company.name}
        </Text>
        <Form method="post" {...getFormProps(form)} data-testid="staff-create-form">
          <input type="hidden" name="intent" value="create" />
          <div className={css.formGrid}>
            <TextInput
              {...getInputProps(fields.username, { type: "text" })}
              key={fields.username.key}
              label={STAFF_TEXT.username}
              description="3–32 位，字母开头，平台内唯一"
              maxLength={32}
              required
              autoComplete="off"
              error={fields.username.errors?.[0]}
            />
            <div />
            <PasswordInput
              {...getInputProps(fields.password, { type: "password" })}
              key={fields.password.key}
              label={STAFF_TEXT.password}
              description={t.profile.passwordRules}
              autoComplete="new-password"
              required
              error={fields.password.errors?.join("；")}
            />
            <PasswordInput
              {...getInputProps(fields.confirmPassword, { type: "password" })}
              key={fields.confirmPassword.key}
              label={STAFF_TEXT.confirmPassword}
              autoComplete="new-password"
              required
              error={fields.confirmPassword.errors?.[0]}
            />
            <StaffFields fields={fields} options={data} roleIds={checkedRoleIds(lastResult?.initialValue)} />
          </div>
          <FormActions errors={form.errors} busy={busy} testId="staff-create-submit" back={back}>
            {t.common.save}
          </FormActions>
        </Form>
      </Card>
      {data.operator ? <JoinForm options={data} /> : null}
    </div>
  );
}

/** The operator's: a person who already has a login starts working in this company too. */
function JoinForm({ options }: { options: StaffOptions }) {
  const lastResult = useResult("join");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "staff-join",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StaffJoinSchema }),
    shouldValidate: "onBlur",
  });
  const roleIds = checkedRoleIds(lastResult?.initialValue);
  return (
    <Card withBorder padding="lg" maw={760} mt="md">
      <Text fw={600} mb="sm">
        加入已有用户
      </Text>
      <Form method="post" {...getFormProps(form)} data-testid="staff-join-form">
        <input type="hidden" name="intent" value="join" />
        <div className={css.formGrid}>
          <TextInput
            {...getInputProps(fields.username, { type: "text" })}
            key={fields.username.key}
            label={STAFF_TEXT.username}
            maxLength={64}
            required
            error={fields.username.errors?.[0]}
          />
          <div />
          <RoleChecks field={fields.roleIds} roles={options.roles} roleIds={roleIds} />
        </div>
        <FormActions errors={form.errors} busy={busy} light>
          加入本公司
        </FormActions>
      </Form>
    </Card>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("新增用户") }];

export const handle = { pageTitle: "新增用户" };

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
