import { useCallback, useEffect, useRef } from "react";
import type { PermissionNode } from "#server/system/role-admin.service";
import css from "./role.module.css";

/**
 * A role's permission tree as plain check boxes named `code`: a plain form posts the checked
 * codes (the server adds the ancestors). With JavaScript, (un)checking an entry (un)checks
 * everything under it, an area or group shows checked while anything under it is, and is
 * drawn half-checked while only part of it is.
 */
export function PermissionTree({ tree, disabled }: { tree: PermissionNode[]; disabled: boolean }) {
  const root = useRef<HTMLUListElement>(null);

  const refresh = useCallback(() => {
    const boxes = [...(root.current?.querySelectorAll<HTMLInputElement>("input[data-container]") ?? [])].reverse();
    // Innermost first, so a group is settled before its area.
    for (const box of boxes) {
      const below = [...(box.closest("li")?.querySelectorAll<HTMLInputElement>(":scope ul input") ?? [])];
      const on = below.filter((b) => b.checked).length;
      box.checked = on > 0;
      box.indeterminate = on > 0 && on < below.length;
    }
  }, []);

  useEffect(refresh, [refresh, tree]);

  const onChange = (e: React.ChangeEvent<HTMLUListElement>) => {
    const box = e.target as unknown as HTMLInputElement;
    if (box.type !== "checkbox") return;
    box
      .closest("li")
      ?.querySelectorAll<HTMLInputElement>(":scope ul input")
      .forEach((b) => (b.checked = box.checked));
    // Checking an entry implies its page, group and area.
    if (box.checked) {
      for (let li = box.closest("li")?.parentElement?.closest("li"); li; li = li.parentElement?.closest("li")) {
        const own = li.querySelector<HTMLInputElement>(":scope > label > input");
        if (own) own.checked = true;
      }
    }
    refresh();
  };

  return (
    <ul className={css.tree} ref={root} onChange={onChange} data-testid="permission-tree">
      {tree.map((area) => (
        <li key={area.id} className={css.area}>
          <Entry node={area} disabled={disabled} />
          <ul>
            {area.children.map((group) => (
              <li key={group.id}>
                <Entry node={group} disabled={disabled} />
                <ul className={css.pages}>
                  {group.children.map((page) => (
                    <li key={page.id}>
                      <Entry node={page} disabled={disabled} />
                      {page.children.length ? <Children nodes={page.children} disabled={disabled} /> : null}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

function Children({ nodes, disabled }: { nodes: PermissionNode[]; disabled: boolean }) {
  return (
    <ul>
      {nodes.map((n) => (
        <li key={n.id}>
          <Entry node={n} disabled={disabled} />
          {n.children.length ? <Children nodes={n.children} disabled={disabled} /> : null}
        </li>
      ))}
    </ul>
  );
}

function Entry({ node, disabled }: { node: PermissionNode; disabled: boolean }) {
  const container = node.isGroup && node.children.length > 0;
  return (
    <label className={node.isAction ? css.action : undefined} title={node.code}>
      <input
        type="checkbox"
        name="code"
        value={node.code}
        defaultChecked={node.granted}
        disabled={disabled}
        data-container={container ? "" : undefined}
        data-code={node.code}
      />
      {node.name}
      {node.isAction ? <span className={css.code}>（操作）</span> : null}
      {node.platformOnly ? <span className={css.code}>（平台）</span> : null}
    </label>
  );
}
