import { qtyText } from "~/components/documents/DocumentActionButton";
import { formatMoneyText, formatNumberText } from "#server/lib/decimal-text";
import type { SalesOrderPageData } from "#server/sale/sales-order.page";
import type { SerializeFrom } from "@remix-run/node";
import { sumText } from "~/components/lines/line-math";
import so from "./Order.module.css";

type Line = NonNullable<SerializeFrom<SalesOrderPageData>["order"]>["lines"][number];

const discountText = (d: string) => (formatNumberText(d, 2) ?? d).replace(/\.00$/, "");

/**
 * A submitted order's lines, read only, with where each stands: ordered, locked (held in stock),
 * short (waiting for purchase), picked, delivered, returned and still open. The cost column and
 * the 低于成本 mark only for those who may see costs.
 */
export function OrderLines({
  lines,
  showCost,
  belowCost,
  showPrices = true,
}: {
  lines: Line[];
  showCost: boolean;
  belowCost: ReadonlySet<number>;
  showPrices?: boolean;
}) {
  const total = (pick: (l: Line) => string) => sumText(lines.map(pick));
  return (
    // Focusable: a keyboard user can scroll the wide table (axe scrollable-region-focusable).
    <div className={so.tableWrap} tabIndex={0} role="region" aria-label="销售明细">
      <table className={so.table} data-testid="so-lines">
        <caption className="visually-hidden">销售明细</caption>
        <thead>
          <tr>
            <th scope="col">序号</th>
            <th scope="col">产品编码</th>
            <th scope="col">产品名称</th>
            <th scope="col">品牌</th>
            {showPrices ? (
              <>
                <th scope="col" className={so.num}>
                  单价
                </th>
                <th scope="col" className={so.num}>
                  折扣(%)
                </th>
                <th scope="col" className={so.num}>
                  金额
                </th>
              </>
            ) : null}
            {showCost ? (
              <th scope="col" className={so.num}>
                成本
              </th>
            ) : null}
            <th scope="col" className={so.num}>
              订购
            </th>
            <th scope="col" className={so.num}>
              已锁定
            </th>
            <th scope="col" className={so.num}>
              缺货
            </th>
            <th scope="col" className={so.num}>
              已拣货
            </th>
            <th scope="col" className={so.num}>
              已发货
            </th>
            <th scope="col" className={so.num}>
              已退货
            </th>
            <th scope="col" className={so.num}>
              未发
            </th>
            <th scope="col">备注</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.id} data-line-id={l.id}>
              <td>{l.lineNo}</td>
              <td>{l.mainOE}</td>
              <td>{l.productName}</td>
              <td>{l.brandName ?? ""}</td>
              {showPrices ? (
                <>
                  <td className={so.num}>
                    {formatMoneyText(l.price)}
                    {belowCost.has(l.id) ? (
                      <span className={so.warn} data-warning="belowCost">
                        低于成本
                      </span>
                    ) : null}
                  </td>
                  <td className={so.num}>{discountText(l.discount)}</td>
                  <td className={so.num}>{formatMoneyText(l.amount)}</td>
                </>
              ) : null}
              {showCost ? <td className={so.num}>{l.costPrice === null ? "—" : (formatNumberText(l.costPrice, 4) ?? l.costPrice)}</td> : null}
              <td className={so.num}>{qtyText(l.qty)}</td>
              <td className={so.num} data-col="locked">
                {qtyText(l.lockedQty)}
              </td>
              <td className={`${so.num} ${/[1-9]/.test(l.shortQty) ? so.short : ""}`} data-col="short">
                {qtyText(l.shortQty)}
              </td>
              <td className={so.num}>{qtyText(l.pickedQty)}</td>
              <td className={so.num}>{qtyText(l.deliveredQty)}</td>
              <td className={so.num}>{qtyText(l.returnedQty)}</td>
              <td className={so.num} data-col="open">
                {qtyText(l.openQty)}
              </td>
              <td>{l.remark ?? ""}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={showPrices ? 6 : 4}>合计</td>
            {showPrices ? <td className={so.num}>{formatMoneyText(total((l) => l.amount))}</td> : null}
            {showCost ? <td /> : null}
            <td className={so.num}>{qtyText(total((l) => l.qty))}</td>
            <td className={so.num}>{qtyText(total((l) => l.lockedQty))}</td>
            <td className={so.num}>{qtyText(total((l) => l.shortQty))}</td>
            <td className={so.num}>{qtyText(total((l) => l.pickedQty))}</td>
            <td className={so.num}>{qtyText(total((l) => l.deliveredQty))}</td>
            <td className={so.num}>{qtyText(total((l) => l.returnedQty))}</td>
            <td className={so.num}>{qtyText(total((l) => l.openQty))}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
