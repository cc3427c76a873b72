import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import css from "~/components/grid/grid.module.css";
import { COMPANY_LIST_URL, companyUrl } from "~/components/system/company/company-links";
import { Card } from "~/components/ui/mantine/Card";
import { NativeSelect } from "~/components/ui/mantine/NativeSelect";
import { PasswordInput } from "~/components/ui/mantine/PasswordInput";
import { Text } from "~/components/ui/mantine/Text";
import { TextInput } from "~/components/ui/mantine/TextInput";
import { COMPANY_TEXT, CompanyCreateSchema } from "#server/system/company-admin.input";
import { pageTitle, t } from "../../../../server/lib/i18n/zh-CN";
import { orErrorPage, requirePage } from "~/server/auth.server";
import { setFlash, submissionReply } from "~/server/kit.server";
import { COMPANY_ADMIN_MENU, createCompany, listCompanies } from "~/server/system.server";
import { FormActions } from "~/components/system/FormActions";

/** 新增公司: the company and its first manager login, created together (the operator only). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requirePage(request, COMPANY_ADMIN_MENU);
  // The service refuses anyone but the operator (403 page), even with the menu code.
  await orErrorPage(listCompanies(ctx, new URLSearchParams("maxResultCount=1")));
  return json({});
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requirePage(request, COMPANY_ADMIN_MENU);
  const formData = await request.formData();
  const hide = { hideFields: ["adminPassword", "adminConfirmPassword"] };
  const submission = parseWithZod(formData, { schema: CompanyCreateSchema });
  if (submission.status !== "success") return json({ result: submission.reply(hide) as SubmissionResult<string[]> }, { status: 400 });
  try {
    const made = await createCompany(ctx, submission.value);
    return redirect(companyUrl(made.id), {
      headers: await setFlash({ type: "success", message: `已新增公司 ${submission.value.name}，管理员 ${submission.value.adminUserName} 可以用初始密码登录` }),
    });
  } catch (e) {
    const values = Object.fromEntries(
      [...formData.entries()].filter(([k, v]) => typeof v === "string" && !k.startsWith("adminPassword") && k !== "adminConfirmPassword"),
    ) as Record<string, string>;
    return json({ result: submissionReply(e, values) }, { status: 400 });
  }
}

export default function NewCompanyPage() {
  const lastResult = useActionData<typeof action>()?.result;
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "company-create",
    lastResult,
    defaultValue: { status: "1" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CompanyCreateSchema }),
    shouldValidate: "onBlur",
  });
  // With JavaScript: the same-name check as soon as the name is typed (the server checks again on save).
  const check = useFetcher<{ exists?: boolean }>();
  const [checkedName, setCheckedName] = useState("");
  useEffect(() => {
    if (checkedName) check.load(`/api/app/sysCompany/checkName?name=${encodeURIComponent(checkedName)}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once per name
  }, [checkedName]);
  const nameTaken = checkedName && check.state === "idle" && check.data?.exists ? COMPANY_TEXT.nameTaken : undefined;
  const text = (f: (typeof fields)[keyof typeof fields], label: string, max: number, required = false) => (
    <TextInput {...getInputProps(f, { type: "text" })} key={f.key} label={label} maxLength={max} required={required} error={f.errors?.[0]} />
  );
  return (
    <div className={css.wrap}>
      <Card withBorder padding="lg" maw={820}>
        <Text fw={600} mb="sm">
          新增公司
        </Text>
        <Form method="post" {...getFormProps(form)} data-testid="company-create-form">
          <Text size="sm" fw={500} mb={6}>
            公司资料
          </Text>
          <div className={css.formGrid}>
            <TextInput
              {...getInputProps(fields.name, { type: "text" })}
              key={fields.name.key}
              label={COMPANY_TEXT.name}
              description="平台内唯一，不区分大小写"
              maxLength={60}
              required
              error={fields.name.errors?.[0] ?? nameTaken}
              onBlur={(e) => setCheckedName(e.currentTarget.value.trim())}
            />
            {text(fields.shortName, "公司简称", 20, true)}
            {text(fields.city, "城市", 20)}
            {text(fields.contactName, "联系人", 30)}
            {text(fields.phone, "联系电话", 30)}
            {text(fields.taxNumber, "税号", 20)}
            <div className={css.spanAll}>{text(fields.address, "地址", 200)}</div>
            <NativeSelect
              name={fields.status.name}
              key={fields.status.key}
              label={COMPANY_TEXT.status}
              defaultValue={String(fields.status.initialValue ?? "1")}
              error={fields.status.errors?.[0]}
              description="未上线的公司暂不能登录使用，可稍后上线"
              data={[
                { value: "1", label: "已上线（立即可用）" },
                { value: "0", label: "未上线" },
              ]}
              data-testid="company-create-status"
            />
          </div>
          <Text size="sm" fw={500} mt="md" mb={6}>
            公司管理员（经理）
          </Text>
          <div className={css.formGrid}>
            <TextInput
              {...getInputProps(fields.adminUserName, { type: "text" })}
              key={fields.adminUserName.key}
              label={COMPANY_TEXT.adminUserName}
              description="3–32 位，字母开头，平台内唯一"
              maxLength={32}
              required
              autoComplete="off"
              error={fields.adminUserName.errors?.[0]}
            />
            {text(fields.adminName, COMPANY_TEXT.adminName, 32, true)}
            <TextInput
              {...getInputProps(fields.adminPhone, { type: "tel" })}
              key={fields.adminPhone.key}
              label={COMPANY_TEXT.adminPhone}
              maxLength={11}
              required
              error={fields.adminPhone.errors?.[0]}
            />
            <div />
            <PasswordInput
              {...getInputProps(fields.adminPassword, { type: "password" })}
              key={fields.adminPassword.key}
              label={COMPANY_TEXT.adminPassword}
              description={t.profile.passwordRules}
              autoComplete="new-password"
              required
              error={fields.adminPassword.errors?.join("；")}
            />
            <PasswordInput
              {...getInputProps(fields.adminConfirmPassword, { type: "password" })}
              key={fields.adminConfirmPassword.key}
              label={COMPANY_TEXT.adminConfirmPassword}
              autoComplete="new-password"
              required
              error={fields.adminConfirmPassword.errors?.[0]}
            />
          </div>
          <Text size="xs" c="dimmed" mt="sm">
            新公司可使用经理、销售、采购、仓管四个角色，并自动建好默认设置、主仓（收货区、退货区、默认货位）和常用付款方式。
          </Text>
          <FormActions errors={form.errors} busy={busy} testId="company-create-submit" back={COMPANY_LIST_URL}>
            {t.common.save}
          </FormActions>
        </Form>
      </Card>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("新增公司") }];

export const handle = { pageTitle: "新增公司" };

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
