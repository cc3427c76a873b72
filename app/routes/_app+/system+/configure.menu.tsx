import { Alert } from "~/components/ui/mantine/Alert";
import { Button } from "~/components/ui/mantine/Button";
import { Card } from "~/components/ui/mantine/Card";
import { Group } from "~/components/ui/mantine/Group";
import { NativeSelect } from "~/components/ui/mantine/NativeSelect";
import { Table } from "~/components/ui/mantine/Table";
import { Text } from "~/components/ui/mantine/Text";
import { TextInput } from "~/components/ui/mantine/TextInput";
import { Title } from "~/components/ui/mantine/Title";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MenuIcon } from "~/components/shell/icons";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { MENU_ICONS, MENU_TEXT } from "#server/system/menu-admin.input";
import { requirePage } from "~/server/auth.server";
import { formErrorOf, formValues, isDomainError, setFlash } from "~/server/kit.server";
import { MENU_ADMIN_MENU, menuTreeRows, updateMenuEntry } from "~/server/system.server";

const PAGE = "/system/configure/menu";

/** 菜单配置 (XTGL-015, the platform operator): the menu tree; `?edit=<id>` opens one entry's form. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requirePage(request, MENU_ADMIN_MENU);
  const rows = await menuTreeRows(ctx);
  const edit = new URL(request.url).searchParams.get("edit");
  const editing = edit ? (rows.find((r) => String(r.id) === edit) ?? null) : null;
  return json({ rows, editing, missing: !!edit && !editing });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requirePage(request, MENU_ADMIN_MENU);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const values = formValues(form, ["id"]);
  if (form.get("intent") !== "update") return json({ message: "未知的操作", fields: {} as Record<string, string[]>, values }, { status: 400 });
  try {
    const saved = await updateMenuEntry(ctx, id, values);
    return redirect(`${PAGE}#m-${saved.id}`, { headers: await setFlash({ type: "success", message: `菜单“${saved.name}”已保存，各用户下一次操作起生效` }) });
  } catch (e) {
    const error = formErrorOf(e);
    if (error) return json({ message: error.message, fields: error.fields, values }, { status: error.status });
    if (isDomainError(e) && e.code === "not_found") return redirect(PAGE, { headers: await setFlash({ type: "error", message: e.message }) });
    throw e;
  }
}

const KIND = (r: { url: string | null; isAction: boolean; depth: number }) => (r.isAction ? "操作" : r.url ? "页面" : r.depth === 0 ? "模块" : "分组");

export default function MenuConfigPage() {
  const { rows, editing, missing } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const v = (name: string, fallback: string) => failed?.values[name] ?? fallback;
  return (
    <Card withBorder padding="md">
      <Title order={4} mb={4}>
        菜单配置
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        可修改菜单的名称、图标和排序（同级按排序从小到大），保存后各用户下一次操作起生效，系统升级重启后仍保留。菜单的层级、地址和编码由系统决定：编码是核对权限所用的编码，不能修改。
      </Text>
      {missing ? (
        <Alert color="red" mb="sm" role="alert">
          {MENU_TEXT.missing}
        </Alert>
      ) : null}
      {editing ? (
        <Form method="post" data-testid="menu-edit" aria-label={`修改菜单 ${editing.name}`}>
          <input type="hidden" name="id" value={editing.id} />
          <Card withBorder padding="sm" mb="md" bg="var(--mantine-color-orange-0)">
            <Text fw={600} mb={6}>
              修改“{editing.name}”
            </Text>
            {failed && !Object.keys(failed.fields).some((k) => ["name", "icon", "sortOrder", "code"].includes(k)) ? (
              <Alert color="red" mb="xs" role="alert">
                {failed.message}
              </Alert>
            ) : null}
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                name="name"
                label={MENU_TEXT.name}
                required
                maxLength={20}
                defaultValue={v("name", editing.name)}
                error={failed?.fields.name?.[0]}
                key={`n-${editing.id}-${editing.name}-${failed ? "e" : ""}`}
              />
              <NativeSelect
                name="icon"
                label={MENU_TEXT.icon}
                data={[{ value: "", label: "默认" }, ...MENU_ICONS.map(([value, label]) => ({ value, label }))]}
                defaultValue={v("icon", editing.icon ?? "")}
                error={failed?.fields.icon?.[0]}
                key={`i-${editing.id}-${editing.icon}-${failed ? "e" : ""}`}
              />
              <TextInput
                name="sortOrder"
                label={MENU_TEXT.sortOrder}
                required
                type="number"
                min={0}
                max={99999}
                w={110}
                defaultValue={v("sortOrder", String(editing.sortOrder))}
                error={failed?.fields.sortOrder?.[0]}
                key={`s-${editing.id}-${editing.sortOrder}-${failed ? "e" : ""}`}
              />
              <TextInput label={MENU_TEXT.code} value={editing.code} readOnly description="系统编码，不可修改" w={130} error={failed?.fields.code?.[0]} />
              <TextInput label="地址" value={editing.url ?? "（无）"} readOnly description="由系统页面决定" w={260} />
            </Group>
            <Group gap="sm" mt="sm">
              <Button type="submit" name="intent" value="update" loading={busy} data-testid="menu-save">
                保存
              </Button>
              <Button component={Link} to={`${PAGE}#m-${editing.id}`} prefetch="none" variant="default">
                取消
              </Button>
            </Group>
          </Card>
        </Form>
      ) : null}
      <Table striped withTableBorder verticalSpacing={4} data-testid="menu-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">名称</Table.Th>
            <Table.Th scope="col">类型</Table.Th>
            <Table.Th scope="col">编码</Table.Th>
            <Table.Th scope="col">地址</Table.Th>
            <Table.Th scope="col">图标</Table.Th>
            <Table.Th scope="col">排序</Table.Th>
            <Table.Th scope="col">操作</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr
              key={r.id}
              id={`m-${r.id}`}
              data-testid="menu-row"
              data-code={r.code}
              bg={editing?.id === r.id ? "var(--mantine-color-orange-0)" : undefined}
            >
              <Table.Td style={{ paddingLeft: 8 + r.depth * 22, fontWeight: r.depth === 0 ? 600 : undefined }}>{r.name}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Text size="sm">{KIND(r)}</Text>
                  {r.platformOnly ? (
                    <Text size="xs" fw={600}>
                      · 平台专用
                    </Text>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td ff="monospace">{r.code}</Table.Td>
              <Table.Td>{r.url ?? ""}</Table.Td>
              <Table.Td>{r.icon ? <MenuIcon name={r.icon} size={16} /> : null}</Table.Td>
              <Table.Td>{r.sortOrder}</Table.Td>
              <Table.Td>
                <Link to={`?edit=${r.id}`} prefetch="none" aria-label={`修改 ${r.name}`}>
                  修改
                </Link>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("菜单配置") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
