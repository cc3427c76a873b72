import { Alert } from "~/components/ui/mantine/Alert";
import { Box } from "~/components/ui/mantine/Box";
import { Button } from "~/components/ui/mantine/Button";
import { Paper } from "~/components/ui/mantine/Paper";
import { PasswordInput } from "~/components/ui/mantine/PasswordInput";
import { Stack } from "~/components/ui/mantine/Stack";
import { Text } from "~/components/ui/mantine/Text";
import { TextInput } from "~/components/ui/mantine/TextInput";
import { Title } from "~/components/ui/mantine/Title";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { t } from "../../../server/lib/i18n/zh-CN";
import classes from "./login.module.css";
import { authenticateForm, commitSessionToken, endSession, getCtx, readSessionToken, SignInThrottled, startSession } from "~/server/auth.server";
import { isDomainError, safeRedirect, STATUS_OF } from "~/server/kit.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (await getCtx(request)) throw redirect(redirectTo);
  return json({
    redirectTo: redirectTo === "/home" ? "" : redirectTo,
    offline: url.searchParams.get("offline") === "1",
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  // remix-auth's form strategy reads the body itself: the action reads a copy.
  const form = await request.clone().formData();
  const username = String(form.get("username") ?? "").slice(0, 64);
  const redirectTo = safeRedirect(form.get("redirectTo"));
  try {
    const userId = await authenticateForm(request, context.ip);
    // Signing in while this browser still holds another session ends that session: one
    // browser, one signed-in user.
    const previous = await readSessionToken(request);
    const { token } = await startSession({
      userId,
      kind: "web",
      ip: context.ip,
      userAgent: request.headers.get("User-Agent"),
    });
    if (previous) await endSession(previous);
    return redirect(redirectTo, { headers: { "Set-Cookie": await commitSessionToken(token) } });
  } catch (e) {
    if (isDomainError(e)) {
      const headers = e instanceof SignInThrottled ? { "Retry-After": String(e.retryAfterSeconds) } : undefined;
      return json({ error: e.message, fields: e.fields ?? {}, username }, { status: STATUS_OF[e.code], headers });
    }
    throw e;
  }
}

/** A throttled attempt tells the browser (and scripts) when to try again. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export const meta: MetaFunction = () => [{ title: `${t.login.title} - ${t.app.name}` }];

export default function Login() {
  const { redirectTo, offline } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <Box component="main" id="main" className={classes.page}>
      <Paper className={classes.card} shadow="md" radius="md" p={32} withBorder>
        <Stack gap={4} mb="lg" align="center">
          <img src="/favicon.svg" alt="" width={48} height={48} />
          <Title order={1} size="h2" c="orange.8">
            {t.app.name}
          </Title>
          <Text c="dimmed" size="sm">
            {t.app.slogan}
          </Text>
        </Stack>
        {offline && !result ? (
          <Alert color="yellow" mb="md" data-testid="offline-notice">
            {t.login.offline}
          </Alert>
        ) : null}
        {result?.error ? (
          <Alert color="red" mb="md" role="alert" data-testid="login-error">
            {result.error}
          </Alert>
        ) : null}
        <Form method="post" replace>
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <Stack>
            <TextInput
              name="username"
              label={t.login.username}
              placeholder={t.login.usernamePlaceholder}
              defaultValue={result?.username ?? ""}
              autoComplete="username"
              required
              autoFocus
              error={result?.fields?.username?.[0]}
            />
            <PasswordInput
              name="password"
              label={t.login.password}
              placeholder={t.login.passwordPlaceholder}
              autoComplete="current-password"
              required
              error={result?.fields?.password?.[0]}
            />
            <Button type="submit" fullWidth size="md" loading={busy} data-testid="login-submit">
              {t.login.submit}
            </Button>
          </Stack>
        </Form>
      </Paper>
    </Box>
  );
}
