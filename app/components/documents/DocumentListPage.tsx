import { Link } from "@remix-run/react";
import { ResourcePage } from "~/components/grid/ResourcePage";
import css from "~/components/grid/grid.module.css";
import type { DocumentListConfig } from "./document-lists";

/**
 * A document list (订单, 退货, 执行 of either side): the server-rendered grid, with 新建 (a link to
 * the create page) and 打印 (the selected row's print sheet in a new window, a GET of the list's
 * form) when the list makes documents.
 */
export function DocumentListPage({
  config,
  create,
  printTestId,
}: {
  config: DocumentListConfig;
  create?: { href: string; testId: string };
  printTestId?: string;
}) {
  return (
    <ResourcePage
      config={config}
      toolbar={
        create || printTestId ? (
          <>
            {create ? (
              <Link to={create.href} prefetch="none" className={`${css.btn} ${css.primary}`} data-testid={create.testId}>
                新建
              </Link>
            ) : null}
            {printTestId ? (
              <button type="submit" name="do" value="print" formTarget="_blank" className={css.btn} data-testid={printTestId}>
                打印
              </button>
            ) : null}
          </>
        ) : undefined
      }
    />
  );
}
