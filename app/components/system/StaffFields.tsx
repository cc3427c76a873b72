import { getInputProps, type FieldMetadata } from "@conform-to/react";
import css from "~/components/grid/grid.module.css";
import { Checkbox } from "~/components/ui/mantine/Checkbox";
import { NativeSelect } from "~/components/ui/mantine/NativeSelect";
import { TextInput } from "~/components/ui/mantine/TextInput";
import { Text } from "~/components/ui/mantine/Text";
import { STAFF_TEXT } from "#server/system/user-admin.input";

export interface StaffOptions {
  roles: { id: number; name: string; description: string | null }[];
  departments: { id: number; name: string }[];
}

/** A conform field of any form (the create and the edit form's schemas differ). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- either form's schema
type Field = FieldMetadata<any, any, string[]>;

/** 姓名, 手机号, 部门 and 角色 (check boxes) of a staff login: the create and the edit form share them. */
export function StaffFields({
  fields,
  options,
  roleIds,
  identityNote,
}: {
  fields: { name: Field; phone: Field; departmentId: Field; roleIds: Field };
  options: StaffOptions;
  roleIds: readonly number[];
  identityNote?: string;
}) {
  return (
    <>
      <TextInput
        {...getInputProps(fields.name, { type: "text" })}
        key={fields.name.key}
        label={STAFF_TEXT.name}
        maxLength={32}
        required
        readOnly={!!identityNote}
        description={identityNote}
        error={fields.name.errors?.[0]}
      />
      <TextInput
        {...getInputProps(fields.phone, { type: "tel" })}
        key={fields.phone.key}
        label={STAFF_TEXT.phone}
        maxLength={11}
        readOnly={!!identityNote}
        error={fields.phone.errors?.[0]}
      />
      <NativeSelect
        name={fields.departmentId.name}
        key={fields.departmentId.key}
        label={STAFF_TEXT.department}
        defaultValue={(fields.departmentId.initialValue as string | undefined) ?? ""}
        error={fields.departmentId.errors?.[0]}
        data={[{ value: "", label: "（无）" }, ...options.departments.map((d) => ({ value: String(d.id), label: d.name }))]}
      />
      <RoleChecks field={fields.roleIds} roles={options.roles} roleIds={roleIds} />
    </>
  );
}

/** 角色 as check boxes (a member may hold several; their permissions add up). */
export function RoleChecks({ field, roles, roleIds }: { field: Field; roles: StaffOptions["roles"]; roleIds: readonly number[] }) {
  const checked = new Set(roleIds.map(String));
  return (
    <fieldset className={css.spanAll} data-testid="staff-roles" style={{ border: "1px solid #e3e6ea", borderRadius: 6, padding: "8px 12px" }}>
      <legend style={{ fontSize: 14, fontWeight: 500 }}>
        {STAFF_TEXT.roles} <span style={{ color: "#fa5252" }}>*</span>
      </legend>
      <div className={css.checkList} key={field.key}>
        {roles.map((r) => (
          <Checkbox
            key={r.id}
            name={field.name}
            value={String(r.id)}
            label={r.name}
            title={r.description ?? undefined}
            defaultChecked={checked.has(String(r.id))}
          />
        ))}
      </div>
      {field.errors ? (
        <Text c="red" size="sm" mt={4}>
          {field.errors[0]}
        </Text>
      ) : null}
    </fieldset>
  );
}

/** The role ids a refused form had checked (one value arrives as a string, several as a list), or `fallback`. */
export function checkedRoleIds(initial: Record<string, unknown> | null | undefined, fallback: readonly number[] = []): readonly number[] {
  const v = initial?.roleIds;
  if (v === undefined) return initial ? [] : fallback;
  return (Array.isArray(v) ? v : [v]).map(Number).filter(Number.isInteger);
}
