import { Alert } from "~/components/ui/mantine/Alert";
import { Button } from "~/components/ui/mantine/Button";
import { Card } from "~/components/ui/mantine/Card";
import { Group } from "~/components/ui/mantine/Group";
import { NativeSelect } from "~/components/ui/mantine/NativeSelect";
import { Text } from "~/components/ui/mantine/Text";
import { TextInput } from "~/components/ui/mantine/TextInput";
import { Title } from "~/components/ui/mantine/Title";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PermissionTree } from "~/components/system/role/PermissionTree";
import css from "~/components/system/role/role.module.css";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { ROLE_SCOPES, ROLE_TEXT } from "#server/system/role-admin.input";
import { requirePage } from "~/server/auth.server";
import { formErrorOf, formValues, isDomainError, setFlash } from "~/server/kit.server";
import { createRole, deleteRole, listRolesInReach, ROLE_ADMIN_MENU, rolePermissionTree, setRolePermissions, updateRole } from "~/server/system.server";

const PAGE = "/system/permissions/role";
const at = (roleId: number | string) => `${PAGE}?role=${roleId}`;

/** 角色管理 (XTGL-002): the roles in reach; `?role=<id>` shows one role's permission tree. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requirePage(request, ROLE_ADMIN_MENU);
  const params = new URL(request.url).searchParams;
  const roles = await listRolesInReach(ctx);
  const wanted = params.get("role");
  let selected: Awaited<ReturnType<typeof rolePermissionTree>> | null = null;
  let missing = false;
  if (wanted) {
    try {
      selected = await rolePermissionTree(ctx, wanted);
    } catch (e) {
      if (!isDomainError(e) || e.code !== "not_found") throw e;
      missing = true;
    }
  }
  return json({ roles, selected, missing, operator: ctx.companyKind === "platform", confirmDelete: params.get("confirm") === "delete" });
}

type Intent = "create" | "update" | "delete" | "permissions";

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requirePage(request, ROLE_ADMIN_MENU);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as Intent;
  const id = String(form.get("id") ?? "");
  const values = formValues(form, ["id", "code"]);
  try {
    if (intent === "create") {
      const role = await createRole(ctx, values);
      return redirect(at(role.id), { headers: await setFlash({ type: "success", message: `已新增角色 ${role.name}，请勾选它的权限` }) });
    }
    if (intent === "update") {
      const role = await updateRole(ctx, id, values);
      return redirect(at(role.id), { headers: await setFlash({ type: "success", message: `角色 ${role.name} 已保存` }) });
    }
    if (intent === "delete") {
      const { name } = await deleteRole(ctx, id);
      return redirect(PAGE, { headers: await setFlash({ type: "success", message: `已删除角色 ${name}` }) });
    }
    if (intent === "permissions") {
      const { role, added, removed } = await setRolePermissions(ctx, id, { code: form.getAll("code").filter((v): v is string => typeof v === "string") });
      const message =
        added.length || removed.length
          ? `${role} 的权限已保存：新增 ${added.length} 项，移除 ${removed.length} 项，对方下一次操作起生效`
          : `${role} 的权限没有变化`;
      return redirect(at(id), { headers: await setFlash({ type: "success", message }) });
    }
  } catch (e) {
    const error = formErrorOf(e);
    if (error) return json({ intent, message: error.message, fields: error.fields, values }, { status: error.status });
    if (isDomainError(e) && e.code === "not_found") return redirect(PAGE, { headers: await setFlash({ type: "error", message: e.message }) });
    throw e;
  }
  return json({ intent, message: "未知的操作", fields: {} as Record<string, string[]>, values }, { status: 400 });
}

export default function RolesPage() {
  const { roles, selected, missing, operator, confirmDelete } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const nav = useNavigation();
  const busy = (intent: Intent) => nav.state === "submitting" && nav.formData?.get("intent") === intent;
  const fail = (intent: Intent) => (failed?.intent === intent ? failed : undefined);
  const templates = roles.filter((r) => r.companyId === null);
  const owned = roles.filter((r) => r.companyId !== null);
  const byCompany = new Map<string, typeof owned>();
  for (const r of owned) byCompany.set(r.companyName ?? "", [...(byCompany.get(r.companyName ?? "") ?? []), r]);
  const role = selected?.role;
  const created = fail("create");
  const updated = fail("update");

  return (
    <div className={css.layout}>
      <div>
        <Card withBorder padding="sm" mb="sm">
          <Title order={5} mb={4}>
            角色
          </Title>
          <nav aria-label="角色列表">
            <div className={css.section}>{operator ? "模板角色（各公司共用）" : "平台模板角色（只读）"}</div>
            <RoleLinks list={templates} current={role?.id} />
            {operator ? (
              [...byCompany].map(([company, list]) => (
                <div key={company}>
                  <div className={css.section}>{company} 自建</div>
                  <RoleLinks list={list} current={role?.id} />
                </div>
              ))
            ) : (
              <>
                <div className={css.section}>本公司自建角色</div>
                {owned.length ? (
                  <RoleLinks list={owned} current={role?.id} />
                ) : (
                  <Text size="sm" c="dimmed" px={8}>
                    还没有自建角色
                  </Text>
                )}
              </>
            )}
          </nav>
        </Card>
        <Card withBorder padding="sm">
          <Title order={5} mb={6}>
            新增角色
          </Title>
          <Form method="post" data-testid="role-create">
            {created && !created.fields.name && !created.fields.scope ? (
              <Alert color="red" mb="xs" role="alert">
                {created.message}
              </Alert>
            ) : null}
            <TextInput
              name="name"
              label={ROLE_TEXT.name}
              required
              maxLength={20}
              defaultValue={created?.values.name ?? ""}
              error={created?.fields.name?.[0]}
              mb="xs"
              key={`n-${created ? "e" : ""}`}
            />
            <TextInput
              name="description"
              label={ROLE_TEXT.description}
              maxLength={100}
              defaultValue={created?.values.description ?? ""}
              error={created?.fields.description?.[0]}
              mb="xs"
              key={`d-${created ? "e" : ""}`}
            />
            {operator ? (
              <NativeSelect
                name="scope"
                label={ROLE_TEXT.scope}
                data={ROLE_SCOPES.map(([value, label]) => ({ value, label: `${label}角色` }))}
                defaultValue={created?.values.scope ?? "company"}
                error={created?.fields.scope?.[0]}
                mb="xs"
              />
            ) : null}
            <Button type="submit" name="intent" value="create" size="xs" loading={busy("create")}>
              新增
            </Button>
            <Text size="xs" c="dimmed" mt={6}>
              {operator ? "平台新增的是模板角色：公司角色需在公司档案中允许后，该公司才能使用。" : "新角色只属于本公司，新增后即可在用户管理中分配。"}
            </Text>
          </Form>
        </Card>
      </div>

      <Card withBorder padding="md">
        {missing ? (
          <Alert color="red" role="alert">
            {ROLE_TEXT.missing}
          </Alert>
        ) : null}
        {!role ? (
          <Text c="dimmed" data-testid="role-none">
            请在左侧选择一个角色，查看或修改它的权限。
          </Text>
        ) : (
          <>
            <Group justify="space-between" mb="xs" wrap="wrap">
              <Group gap={8}>
                <Title order={4} data-testid="role-title">
                  {role.name}
                </Title>
                <Text size="sm" fw={600} data-testid="role-kind">
                  {role.companyId === null ? "模板角色" : `${role.companyName ?? ""}自建`} · {role.scope === "platform" ? "平台角色" : "公司角色"}
                </Text>
                <Text size="sm" c="dimmed">
                  {role.memberCount} 人使用 · 已授权 {selected.grantedCount} 项
                </Text>
              </Group>
              {role.editable ? (
                <Button component={Link} to={`${at(role.id)}&confirm=delete`} prefetch="none" size="xs" color="red" variant="light" data-testid="role-delete">
                  删除角色
                </Button>
              ) : null}
            </Group>
            {role.description ? (
              <Text size="sm" mb="xs">
                {role.description}
              </Text>
            ) : null}

            {role.editable && confirmDelete ? (
              <Form method="post" role="alertdialog" aria-label="确认删除角色" data-testid="role-delete-confirm">
                <Alert color="red" mb="sm">
                  <Group gap="sm">
                    <span>删除角色“{role.name}”及其全部权限？正在使用它的用户须先改派其他角色。</span>
                    <input type="hidden" name="id" value={role.id} />
                    <Button type="submit" name="intent" value="delete" size="xs" color="red" loading={busy("delete")}>
                      确定删除
                    </Button>
                    <Button component={Link} to={at(role.id)} prefetch="none" size="xs" variant="default">
                      取消
                    </Button>
                  </Group>
                </Alert>
              </Form>
            ) : null}
            {fail("delete") ? (
              <Alert color="red" mb="sm" role="alert" data-testid="role-error">
                {fail("delete")!.message}
              </Alert>
            ) : null}

            {role.editable ? (
              <Form method="post" data-testid="role-edit">
                <input type="hidden" name="id" value={role.id} />
                <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
                  <TextInput
                    name="name"
                    label={ROLE_TEXT.name}
                    required
                    maxLength={20}
                    defaultValue={updated?.values.name ?? role.name}
                    error={updated?.fields.name?.[0]}
                    key={`un-${role.id}-${role.name}-${updated ? "e" : ""}`}
                  />
                  <TextInput
                    name="description"
                    label={ROLE_TEXT.description}
                    maxLength={100}
                    w={320}
                    defaultValue={updated?.values.description ?? role.description ?? ""}
                    error={updated?.fields.description?.[0]}
                    key={`ud-${role.id}-${role.description}-${updated ? "e" : ""}`}
                  />
                  <Button type="submit" name="intent" value="update" size="sm" variant="default" loading={busy("update")}>
                    保存名称
                  </Button>
                </Group>
              </Form>
            ) : (
              <Alert color="gray" mb="sm" data-testid="role-readonly">
                {role.companyId === null ? "模板角色由平台统一维护，这里只能查看它的权限。需要不同的权限时，请新增本公司自己的角色。" : "这个角色只能查看。"}
              </Alert>
            )}

            <Form method="post" data-testid="role-permissions">
              <input type="hidden" name="id" value={role.id} />
              {fail("permissions") ? (
                <Alert color="red" mb="sm" role="alert" data-testid="role-error">
                  {fail("permissions")!.message}
                </Alert>
              ) : null}
              <Group justify="space-between" mb="xs">
                <Text size="sm" c="dimmed">
                  勾选页面即授予其所在的分组和模块；{role.scope === "platform" ? "平台角色可持有平台专用权限。" : "公司角色不含平台专用的功能。"}
                </Text>
                {role.editable ? (
                  <Button type="submit" name="intent" value="permissions" loading={busy("permissions")} data-testid="role-save">
                    保存
                  </Button>
                ) : null}
              </Group>
              <PermissionTree tree={selected.tree} disabled={!role.editable} key={`${role.id}-${selected.granted.join()}`} />
              {role.editable ? (
                <Group justify="flex-end" mt="sm">
                  <Button type="submit" name="intent" value="permissions" loading={busy("permissions")}>
                    保存
                  </Button>
                </Group>
              ) : null}
            </Form>
          </>
        )}
      </Card>
    </div>
  );
}

function RoleLinks({ list, current }: { list: { id: number; name: string; memberCount: number; editable: boolean }[]; current: number | undefined }) {
  return (
    <ul className={css.roleList}>
      {list.map((r) => (
        <li key={r.id}>
          <Link to={at(r.id)} prefetch="none" aria-current={r.id === current ? "page" : undefined} data-testid="role-link" data-role={r.name}>
            <span>{r.name}</span>
            <Text span size="xs" c="dimmed">
              {r.memberCount} 人{r.editable ? "" : " · 只读"}
            </Text>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("角色管理") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
