import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button } from "~/components/ui/mantine/Button";
import { Card } from "~/components/ui/mantine/Card";
import { SimpleGrid } from "~/components/ui/mantine/SimpleGrid";
import { Stack } from "~/components/ui/mantine/Stack";
import { Text } from "~/components/ui/mantine/Text";
import { Textarea } from "~/components/ui/mantine/Textarea";
import { TextInput } from "~/components/ui/mantine/TextInput";
import { Title } from "~/components/ui/mantine/Title";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { CompanyInfoInputSchema } from "#server/organization/organization.input";
import { requirePage } from "~/server/auth.server";
import { formSpecOf, setFlash, submissionReply } from "~/server/kit.server";
import { getCompanyInfo, updateCompanyInfo } from "~/server/organization.server";

const PAGE = "/organization/company/info";

/** 公司信息: the signed-in company's own record; its name is fixed by the platform operator. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requirePage(request, PAGE);
  return json({ company: await getCompanyInfo(ctx), canEdit: ctx.permissions.has("ZZGL-001"), spec: formSpecOf(CompanyInfoInputSchema) });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requirePage(request, PAGE);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: CompanyInfoInputSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    await updateCompanyInfo(ctx, submission.value);
  } catch (e) {
    return json({ result: submissionReply(e) }, { status: 400 });
  }
  return redirect(PAGE, { headers: await setFlash({ type: "success", message: "保存成功" }) });
}

export default function CompanyInfoPage() {
  const { company, spec } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result as SubmissionResult<string[]> | undefined;
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "company-info",
    lastResult,
    defaultValue: Object.fromEntries(Object.entries(company).map(([k, v]) => [k, v ?? ""])),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CompanyInfoInputSchema }),
    shouldValidate: "onBlur",
  });
  // Label, required mark and length limit of each field come from CompanyInfoInputSchema.
  const input = (name: keyof typeof fields & string) => {
    const f = fields[name];
    const s = spec[name]!;
    return { ...getInputProps(f, { type: "text" }), key: undefined, error: f.errors?.[0], label: s.label, required: s.required, maxLength: s.maxLength };
  };
  return (
    <Card withBorder padding="lg" maw={860}>
      <Title order={4} mb={4}>
        {company.name}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        公司全称由平台运营方维护；其余信息用于单据抬头和打印。
      </Text>
      <Form method="post" {...getFormProps(form)}>
        <Stack>
          {form.errors ? (
            <Text c="red" size="sm" role="alert">
              {form.errors[0]}
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...input("shortName")} />
            <TextInput {...input("contactName")} />
            <TextInput {...input("phone")} />
            <TextInput {...input("city")} />
            <TextInput {...input("taxNumber")} />
            <TextInput {...input("address")} />
          </SimpleGrid>
          <Textarea autosize minRows={3} {...input("description")} />
          <div>
            <Button type="submit" loading={busy} data-testid="company-save">
              保存
            </Button>
          </div>
        </Stack>
      </Form>
    </Card>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("公司信息") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
