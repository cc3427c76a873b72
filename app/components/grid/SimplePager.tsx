import { Link } from "@remix-run/react";
import { hrefWith } from "./DataGrid";
import css from "./grid.module.css";

/**
 * The footer of a plain list (not the DataGrid): 共 N 条, 第 p/n 页, 上一页 / 下一页 as links that
 * keep the list's other params, so it pages with and without JavaScript.
 */
export function SimplePager({
  total,
  page,
  size,
  search,
  unit = "条",
  totalTestId,
}: {
  total: number;
  page: number;
  size: number;
  search: string;
  unit?: string;
  totalTestId?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <div className={css.footer}>
      <span data-testid={totalTestId}>
        共 {total} {unit}
      </span>
      <span>
        第 {page}/{pages} 页
      </span>
      {page > 1 ? (
        <Link to={hrefWith(search, { page: page - 1 })} prefetch="none">
          上一页
        </Link>
      ) : null}
      {page < pages ? (
        <Link to={hrefWith(search, { page: page + 1 })} prefetch="none">
          下一页
        </Link>
      ) : null}
    </div>
  );
}
