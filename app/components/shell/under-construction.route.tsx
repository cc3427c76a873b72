import { Anchor } from "~/components/ui/mantine/Anchor";
import { Stack } from "~/components/ui/mantine/Stack";
import { Text } from "~/components/ui/mantine/Text";
import { Title } from "~/components/ui/mantine/Title";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { IconTools } from "@tabler/icons-react";
import { pageTitle, t } from "../../../server/lib/i18n/zh-CN";
import { requirePage } from "~/server/auth.server";
import { unbuiltMenuUrls } from "./under-construction.routes";

/**
 * Route module of the menu areas that have pages not built yet (remix.config.js gives each such
 * area one splat route inside the shell, see under-construction.routes.ts): for a menu url not
 * built yet, the page's name and 此功能正在建设中 with the menu and the tab bar still there; the
 * role must hold the page, as for a built page (403 otherwise). Any other url of the area is
 * the 404 page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url).pathname.replace(/\/+$/, "");
  if (!unbuiltMenuUrls(context.pagePaths).has(url)) throw json({ message: undefined }, { status: 404 });
  const ctx = await requirePage(request, url);
  const entry = ctx.menuRows.find((m) => m.url === url);
  return json({ url, name: entry?.name ?? t.shell.underConstruction });
}

export default function UnderConstruction() {
  const { url, name } = useLoaderData<typeof loader>();
  return (
    <Stack align="center" gap="sm" py={72} data-testid="under-construction" data-url={url}>
      <IconTools size={56} stroke={1.4} color="var(--mantine-color-orange-8)" aria-hidden />
      {/* h2: the shell's <h1> already names the page (the active tab's name). */}
      <Title order={2} fz={24}>
        {name}
      </Title>
      <Text fz="lg" fw={600}>
        {t.shell.underConstruction}
      </Text>
      <Text c="dimmed" size="sm">
        {t.shell.underConstructionHint}
      </Text>
      <Anchor component={Link} to="/home" prefetch="none" mt="md">
        {t.errors.backHome}
      </Anchor>
    </Stack>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.name ?? t.shell.underConstruction) }];

export { ShellErrorBoundary as ErrorBoundary } from "./ShellErrorBoundary";
