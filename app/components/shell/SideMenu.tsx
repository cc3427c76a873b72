import { IconChevronRight } from "@tabler/icons-react";
import type { MenuNode } from "#server/system/menu.service";
import { useDelegatedLinks } from "~/hooks/useDelegatedLinks";
import { MenuIcon } from "./icons";
import classes from "./shell.module.css";

type Node = Pick<MenuNode, "id" | "code" | "name" | "icon" | "url"> & { children: Node[] };

function contains(node: Node, path: string): boolean {
  return node.url === path || node.children.some((c) => contains(c, path));
}

/**
 * Three-level menu (area → group → page) as native <details>, so it opens and closes without
 * JavaScript. The branch holding the current page starts open.
 */
export function SideMenu({ tree, pathname }: { tree: Node[]; pathname: string }) {
  const onClick = useDelegatedLinks();
  return (
    <nav className={classes.menu} aria-label="主菜单" onClick={onClick}>
      {tree.map((area) => (
        <details key={area.id} className={classes.area} open={contains(area, pathname) || undefined}>
          <summary title={area.name} data-code={area.code}>
            <span className={classes.areaIcon}>
              <MenuIcon name={area.icon} />
            </span>
            <span className={classes.areaLabel}>{area.name}</span>
            <IconChevronRight size={14} className={classes.chevron} aria-hidden />
          </summary>
          <div className={classes.menuChildren}>
            {area.children.map((group) =>
              group.url ? (
                <MenuLink key={group.id} node={group} pathname={pathname} />
              ) : (
                <details key={group.id} className={classes.group} open={contains(group, pathname) || undefined}>
                  <summary data-code={group.code}>
                    <span>{group.name}</span>
                    <IconChevronRight size={12} className={classes.chevron} aria-hidden />
                  </summary>
                  {group.children.map((p) => (
                    <MenuLink key={p.id} node={p} pathname={pathname} />
                  ))}
                </details>
              ),
            )}
          </div>
        </details>
      ))}
    </nav>
  );
}

function MenuLink({ node, pathname }: { node: Node; pathname: string }) {
  return (
    <a href={node.url!} className={classes.item} aria-current={node.url === pathname ? "page" : undefined} data-code={node.code}>
      {node.name}
    </a>
  );
}
