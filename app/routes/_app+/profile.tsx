import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Avatar } from "~/components/ui/mantine/Avatar";
import { Button } from "~/components/ui/mantine/Button";
import { Card } from "~/components/ui/mantine/Card";
import { FileInput } from "~/components/ui/mantine/FileInput";
import { Group } from "~/components/ui/mantine/Group";
import { PasswordInput } from "~/components/ui/mantine/PasswordInput";
import { Stack } from "~/components/ui/mantine/Stack";
import { Text } from "~/components/ui/mantine/Text";
import { TextInput } from "~/components/ui/mantine/TextInput";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { t } from "../../../server/lib/i18n/zh-CN";
import { AVATAR_MAX_BYTES, AVATAR_TYPES, ChangePasswordSchema, ProfileSchema } from "#server/system/profile.input";
import type { FormSpec } from "#server/lib/form-spec";
import classes from "./profile.module.css";
import { requireUser, requireValid } from "~/server/auth.server";
import { DomainError, readUploadForm, setFlash, formSpecOf, submissionReply } from "~/server/kit.server";
import { changePassword, getProfile, setAvatar, updateProfile } from "~/server/system.server";

type Intent = "profile" | "avatar" | "password";
type ActionResult = { intent: Intent; result: SubmissionResult<string[]> };

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireUser(request);
  const actab = new URL(request.url).searchParams.get("actab") ?? "0";
  requireValid(actab === "0" || actab === "1");
  return json({ tab: Number(actab), profile: await getProfile(ctx), spec: { profile: formSpecOf(ProfileSchema), password: formSpecOf(ChangePasswordSchema) } });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireUser(request);
  const isMultipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  let formData: FormData;
  try {
    const tooLarge = () => new DomainError("bad_request", t.profile.avatarTooLarge, { avatar: [t.profile.avatarTooLarge] });
    formData = isMultipart ? await readUploadForm(request, AVATAR_MAX_BYTES, tooLarge) : await request.formData();
  } catch (e) {
    // Too large, or a body no parser can read: the avatar form says so (a Chinese 400).
    if (e instanceof DomainError) return json<ActionResult>({ intent: "avatar", result: submissionReply(e) }, { status: 400 });
    throw e;
  }
  const intent = formData.get("intent");
  try {
    if (intent === "profile") {
      const submission = parseWithZod(formData, { schema: ProfileSchema });
      if (submission.status !== "success") return json<ActionResult>({ intent, result: submission.reply() }, { status: 400 });
      await updateProfile(ctx, submission.value);
      return redirect("/profile?actab=0", { headers: await setFlash({ type: "success", message: t.profile.saved }) });
    }
    if (intent === "password") {
      const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
      if (submission.status !== "success") {
        return json<ActionResult>({ intent, result: submission.reply({ hideFields: ["oldPassword", "newPassword", "confirmPassword"] }) }, { status: 400 });
      }
      await changePassword(ctx, submission.value);
      return redirect("/profile?actab=1", { headers: await setFlash({ type: "success", message: t.profile.passwordChanged }) });
    }
    if (intent === "avatar") {
      const file = formData.get("avatar");
      const upload = file instanceof Blob && file.size > 0 ? { type: file.type, size: file.size, bytes: new Uint8Array(await file.arrayBuffer()) } : undefined;
      await setAvatar(ctx, upload);
      return redirect("/profile?actab=0", { headers: await setFlash({ type: "success", message: t.profile.avatarSaved }) });
    }
  } catch (e) {
    if (intent === "profile" || intent === "password" || intent === "avatar")
      return json<ActionResult>({ intent, result: submissionReply(e) }, { status: 400 });
    throw e;
  }
  throw json({ message: t.errors.unknownIntent }, { status: 400 });
}

export default function Profile() {
  const { tab, profile, spec } = useLoaderData<typeof loader>();
  return (
    <Card withBorder padding="lg" maw={640}>
      <nav className={classes.tabs} aria-label={t.profile.title}>
        <Link to="?actab=0" className={classes.tab} data-active={tab === 0 || undefined} prefetch="none" replace>
          {t.profile.tabInfo}
        </Link>
        <Link to="?actab=1" className={classes.tab} data-active={tab === 1 || undefined} prefetch="none" replace>
          {t.profile.tabPassword}
        </Link>
      </nav>
      {tab === 0 ? <ProfileTab profile={profile} spec={spec.profile} /> : <PasswordTab spec={spec.password} />}
    </Card>
  );
}

function useResult(intent: Intent) {
  const data = useActionData<typeof action>() as ActionResult | undefined;
  return data?.intent === intent ? data.result : undefined;
}

function ProfileTab({
  profile,
  spec,
}: {
  profile: { id: number; username: string; name: string; phone: string | null; avatarVersion: number };
  spec: FormSpec;
}) {
  const lastResult = useResult("profile");
  const avatarResult = useResult("avatar");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    defaultValue: { name: profile.name, phone: profile.phone ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <Stack gap="xl">
      <Form method="post" encType="multipart/form-data" data-testid="avatar-form">
        <input type="hidden" name="intent" value="avatar" />
        <Group align="flex-end">
          <Avatar src={profile.avatarVersion ? `/avatar/${profile.id}?v=${profile.avatarVersion}` : null} size={72} radius="xl" color="orange">
            {profile.name.slice(-2)}
          </Avatar>
          <Stack gap={4} style={{ flex: 1 }}>
            <FileInput
              name="avatar"
              label={t.profile.avatar}
              description={t.profile.avatarHint}
              accept={AVATAR_TYPES.join(",")}
              clearable
              error={avatarResult?.error?.avatar?.[0] ?? avatarResult?.error?.[""]?.[0]}
              placeholder={t.profile.avatarUpload}
            />
          </Stack>
          <Button type="submit" variant="light" loading={busy}>
            {t.profile.avatarUpload}
          </Button>
        </Group>
      </Form>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="profile" />
        <Stack>
          <TextInput label={t.profile.username} value={profile.username} disabled readOnly />
          <TextInput
            {...getInputProps(fields.name, { type: "text" })}
            key={fields.name.key}
            label={spec.name!.label}
            maxLength={spec.name!.maxLength}
            error={fields.name.errors?.[0]}
            required={spec.name!.required}
          />
          <TextInput
            {...getInputProps(fields.phone, { type: "tel" })}
            key={fields.phone.key}
            label={spec.phone!.label}
            maxLength={spec.phone!.maxLength}
            error={fields.phone.errors?.[0]}
            required={spec.phone!.required}
          />
          {form.errors?.length ? (
            <Text c="red" size="sm">
              {form.errors[0]}
            </Text>
          ) : null}
          <Group>
            <Button type="submit" loading={busy}>
              {t.common.save}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}

function PasswordTab({ spec }: { spec: FormSpec }) {
  const lastResult = useResult("password");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "password",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <Form method="post" {...getFormProps(form)} data-testid="password-form">
      <input type="hidden" name="intent" value="password" />
      <Stack>
        <PasswordInput
          {...getInputProps(fields.oldPassword, { type: "password" })}
          key={fields.oldPassword.key}
          label={spec.oldPassword!.label}
          autoComplete="current-password"
          error={fields.oldPassword.errors?.[0]}
          required
        />
        <PasswordInput
          {...getInputProps(fields.newPassword, { type: "password" })}
          key={fields.newPassword.key}
          label={spec.newPassword!.label}
          description={t.profile.passwordRules}
          autoComplete="new-password"
          error={fields.newPassword.errors?.join("；")}
          required
        />
        <PasswordInput
          {...getInputProps(fields.confirmPassword, { type: "password" })}
          key={fields.confirmPassword.key}
          label={spec.confirmPassword!.label}
          autoComplete="new-password"
          error={fields.confirmPassword.errors?.[0]}
          required
        />
        {form.errors?.length ? (
          <Text c="red" size="sm">
            {form.errors[0]}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={busy} data-testid="password-submit">
            {t.profile.tabPassword}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

export const meta: MetaFunction = () => [{ title: `${t.profile.title} - ${t.app.name}` }];

/** The shell's <h1> (not a menu page, so the menu has no name for it). */
export const handle = { pageTitle: t.profile.title };

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
