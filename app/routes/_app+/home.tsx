import { Anchor } from "~/components/ui/mantine/Anchor";
import { Card } from "~/components/ui/mantine/Card";
import { Group } from "~/components/ui/mantine/Group";
import { SimpleGrid } from "~/components/ui/mantine/SimpleGrid";
import { Stack } from "~/components/ui/mantine/Stack";
import { Text } from "~/components/ui/mantine/Text";
import { Title } from "~/components/ui/mantine/Title";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { IconKey, IconUserCircle } from "@tabler/icons-react";
import { t } from "../../../server/lib/i18n/zh-CN";
import { DashboardCards } from "~/components/home/DashboardCards";
import { requireUser } from "~/server/auth.server";
import { loadHome, loadDashboard } from "~/server/home.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireUser(request);
  return json({ ...loadHome(ctx, context.pagePaths ?? new Set()), dashboard: await loadDashboard(ctx) });
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  return (
    <Stack gap="md" maw={1100}>
      <Card withBorder padding="lg">
        <Title order={3} mb="sm">
          {t.home.greeting(data.user.name)}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <Fact label={t.home.username} value={data.user.username} />
          <Fact label={t.home.phone} value={data.user.phone ?? t.common.none} />
          <Fact label={t.home.company} value={data.company.name} testId="home-company" />
          <Fact label={t.home.role} value={data.role} testId="home-role" />
        </SimpleGrid>
      </Card>
      <DashboardCards cards={data.dashboard} />
      <Card withBorder padding="lg">
        <Title order={4} mb="sm">
          {t.home.shortcuts}
        </Title>
        <Group gap="sm" data-testid="home-shortcuts">
          {data.shortcuts.map((s) => (
            <Anchor key={s.code} component={Link} to={s.url} prefetch="none" className="shortcut">
              {s.name}
            </Anchor>
          ))}
          <Anchor component={Link} to="/profile?actab=0" prefetch="none">
            <Group gap={4}>
              <IconUserCircle size={16} /> {t.shell.profile}
            </Group>
          </Anchor>
          <Anchor component={Link} to="/profile?actab=1" prefetch="none">
            <Group gap={4}>
              <IconKey size={16} /> {t.shell.changePassword}
            </Group>
          </Anchor>
        </Group>
      </Card>
    </Stack>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: `${t.home.title} - ${t.app.name}` }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
