import { Anchor } from "~/components/ui/mantine/Anchor";
import { Stack } from "~/components/ui/mantine/Stack";
import { Text } from "~/components/ui/mantine/Text";
import { Title } from "~/components/ui/mantine/Title";
import { t } from "../../server/lib/i18n/zh-CN";

/** The 401/403/404/405/500 pages: a title, a message and a link back home (spec 000 §2). */
export function ErrorPage({ status, message, headingOrder = 2 }: { status: number; message?: string; headingOrder?: 1 | 2 }) {
  const page = t.errors.pages[status] ?? t.errors.pages[500]!;
  return (
    <Stack align="center" justify="center" gap="sm" py={80} data-testid="error-page" data-status={status}>
      <Text fz={72} fw={700} c="orange.7" lh={1}>
        {status}
      </Text>
      {/* Inside the shell the page's <h1> is the shell's; alone (root error boundary) this is it. */}
      <Title order={headingOrder} size="h2">
        {page.title}
      </Title>
      <Text c="dimmed">{message ?? page.message}</Text>
      {status === 404 ? (
        <Text c="dimmed" size="xs">
          {t.errors.notFoundDetail}
        </Text>
      ) : null}
      <Anchor href="/home" mt="md">
        {t.errors.backHome}
      </Anchor>
    </Stack>
  );
}

/** Status and a safe message from whatever a route threw: never a stack trace. */
export function describeRouteError(error: unknown): { status: number; message?: string } {
  const e = error as { status?: number; data?: unknown; internal?: boolean } | undefined;
  if (e && typeof e.status === "number") {
    // Pages throw { message }; the HTTP layer and the JSON API answer { error: { message } }.
    const data = e.data as { message?: string; error?: { message?: string } } | string | undefined;
    const message = typeof data === "object" ? (data?.message ?? data?.error?.message) : undefined;
    return { status: e.status, message: e.status === 404 && e.internal ? undefined : message };
  }
  return { status: 500 };
}

/** An error page that is the whole document (outside the shell): its main landmark and its <h1>. */
export function StandaloneErrorPage({ status, message }: { status: number; message?: string }) {
  return (
    <main id="main">
      <ErrorPage status={status} message={message} headingOrder={1} />
    </main>
  );
}
