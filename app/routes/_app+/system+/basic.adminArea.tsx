import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import css from "~/components/grid/grid.module.css";
import areas from "~/components/system/areas.module.css";
import { AREA_TEXT } from "#server/reference/admin-area.input";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { adminAreaPage } from "~/server/system.server";

const PAGE = "/system/basic/adminArea";

/**
 * 行政区域 (XTGL-020): the provinces, cities and districts of China, read-only. The tree opens
 * from the URL (?province=44&city=4401: links, so it works without JavaScript and can be
 * bookmarked); a keyword lists the areas whose name contains it with their full path, each
 * linking to its place in the tree. A code that is not in the tree is the shell's 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await adminAreaPage(request));
}

type View = ReturnType<typeof useLoaderData<typeof loader>>;

export default function AdminAreaPage() {
  const v = useLoaderData<typeof loader>();
  return (
    <div className={css.wrap}>
      <Form method="get" className={`${css.card} ${css.filters}`} role="search" aria-label="搜索行政区域">
        {v.province ? <input type="hidden" name="province" value={v.province.code} /> : null}
        {v.city ? <input type="hidden" name="city" value={v.city.code} /> : null}
        <label>
          名称
          <input
            type="search"
            name="keyword"
            defaultValue={v.keyword}
            key={v.keyword}
            maxLength={20}
            placeholder="省、市或区县名称，如 天河"
            data-testid="area-keyword"
          />
        </label>
        <button type="submit" className={`${css.btn} ${css.primary}`} data-testid="area-search">
          搜索
        </button>
        <Link to={PAGE} prefetch="none" className={css.btn}>
          重置
        </Link>
      </Form>
      {v.keyword ? <Found view={v} /> : null}
      <nav className={`${css.card} ${areas.crumbs}`} aria-label="当前位置" data-testid="area-crumbs">
        <Link to={v.topHref} prefetch="none" preventScrollReset>
          全国
        </Link>
        {v.province ? (
          <>
            <span aria-hidden="true">/</span>
            <Link to={v.provinceHref!} prefetch="none" preventScrollReset>
              {v.province.name}
            </Link>
          </>
        ) : null}
        {v.city ? (
          <>
            <span aria-hidden="true">/</span>
            <span>{v.city.name}</span>
          </>
        ) : null}
      </nav>
      <div className={areas.columns}>
        <Column title={AREA_TEXT.province} count={v.provinces.length} testId="area-provinces">
          {v.provinces.map((p) => (
            <li key={p.code} id={`area-${p.code}`}>
              <Link to={p.href} prefetch="none" preventScrollReset aria-current={v.province?.code === p.code ? "true" : undefined}>
                {p.name}
                <span className={areas.code}>{p.code}</span>
                <span className={areas.more} aria-hidden="true">
                  ›
                </span>
              </Link>
            </li>
          ))}
        </Column>
        <Column
          title={v.province ? `${v.province.name}的${AREA_TEXT.city}` : AREA_TEXT.city}
          count={v.province ? v.cities.length : null}
          empty="请先在左侧选择省份"
          testId="area-cities"
        >
          {v.cities.map((c) => (
            <li key={c.code} id={`area-${c.code}`}>
              <Link to={c.href} prefetch="none" preventScrollReset aria-current={v.city?.code === c.code ? "true" : undefined}>
                {c.name}
                <span className={areas.code}>{c.code}</span>
                <span className={areas.more} aria-hidden="true">
                  {c.hasChildren ? "›" : "\u00a0"}
                </span>
              </Link>
            </li>
          ))}
        </Column>
        <Column
          title={v.city ? `${v.city.name}的${AREA_TEXT.district}` : AREA_TEXT.district}
          count={v.city ? v.districts.length : null}
          empty={v.city ? `${v.city.name}下没有区县` : "请先选择城市"}
          testId="area-districts"
        >
          {v.districts.map((d) => (
            <li key={d.code} id={`area-${d.code}`}>
              <span className={areas.leaf}>
                {d.name}
                <span className={areas.code}>{d.code}</span>
              </span>
            </li>
          ))}
        </Column>
      </div>
    </div>
  );
}

function Column({ title, count, empty, testId, children }: { title: string; count: number | null; empty?: string; testId: string; children: ReactNode[] }) {
  const id = `${testId}-title`;
  return (
    <section className={`${css.card} ${areas.column}`} aria-labelledby={id} data-testid={testId}>
      <h2 id={id}>
        {title}
        {count !== null ? <span data-testid={`${testId}-count`}>共 {count} 个</span> : null}
      </h2>
      {children.length ? <ul className={areas.list}>{children}</ul> : <div className={areas.empty}>{empty}</div>}
    </section>
  );
}

/** The keyword's matches (at most 50, provinces first), each with its full path linking into the tree. */
function Found({ view }: { view: View }) {
  const { found, keyword } = view;
  return (
    <section className={css.card} aria-labelledby="area-found-title" data-testid="area-found">
      <div className={areas.resultsHead}>
        <h2 id="area-found-title" style={{ margin: 0, fontSize: 14 }}>
          搜索“{keyword}”
        </h2>
        <span data-testid="area-found-count">
          {found.length ? `找到 ${found.length} 个${found.length >= 50 ? "（只列出前 50 个，请输入更完整的名称）" : ""}` : `没有名称包含“${keyword}”的行政区域`}
        </span>
      </div>
      {found.length ? (
        <div className={areas.results}>
          <table>
            <thead>
              <tr>
                <th scope="col">{AREA_TEXT.name}</th>
                <th scope="col">{AREA_TEXT.level}</th>
                <th scope="col">完整路径</th>
                <th scope="col">{AREA_TEXT.code}</th>
              </tr>
            </thead>
            <tbody>
              {found.map((a) => (
                <tr key={a.code} data-testid="area-found-row">
                  <td>{a.name}</td>
                  <td>{AREA_TEXT.levels[a.level] ?? a.level}</td>
                  <td>
                    <Link to={a.href} prefetch="none" preventScrollReset>
                      {a.path}
                    </Link>
                  </td>
                  <td>{a.code}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("行政区域") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
