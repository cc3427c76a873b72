import { ADD_LINE_INTENT, removeLineIntent } from "#server/lib/line-form";
import { t } from "#server/lib/i18n/zh-CN";
import { amountOf, belowCostOf, formatTotal, infoText, shownLines, totalsOf } from "./line-view";
import { columnKey, lineName, selectOptionsOf, PRODUCT_FIELDS, productLabel, type EditorLine, type LineColumn } from "./line-types";
import type { LineEditorProps } from "./line-types";
import css from "./lines.module.css";

/**
 * The line editor without JavaScript: a plain <table> of inputs inside the page's <form>.
 * 添加行 and 删除 are submit buttons (intent=addLine / removeLine:<i>); the action answers the
 * same form with the posted values, so nothing typed is lost. Typed product text is settled
 * by the server (one product → chosen, several → a select, none → a message on the line).
 * Enter in a field presses the first submit button of the form: a hidden 添加行 placed first,
 * so Enter adds a line (and settles typed products) instead of deleting or saving.
 */
export function PlainLineTable(props: LineEditorProps) {
  const { columns, lines, errors = {}, readOnly } = props;
  const prefix = props.prefix ?? "lines";
  const caption = props.caption ?? "明细";
  // Cells, amounts and 合计 of every render come from the same values (defaults included).
  const shown = shownLines(lines, columns, props.blankLine);
  const totals = totalsOf(shown, columns);
  const hasTotals = Object.keys(totals).length > 0;
  return (
    <div className={css.wrap} data-line-editor={prefix} data-line-mode="plain">
      {readOnly ? null : (
        <button type="submit" name="intent" value={ADD_LINE_INTENT} className={css.defaultButton} tabIndex={-1} aria-hidden="true" formNoValidate>
          添加行
        </button>
      )}
      <div className={css.scroll}>
        <table className={css.table}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th className={css.no} scope="col">
                序号
              </th>
              {columns.map((c) => (
                <th
                  key={columnKey(c)}
                  scope="col"
                  style={c.width ? { width: c.width } : undefined}
                  className={c.kind === "number" || c.kind === "amount" ? css.num : undefined}
                >
                  {c.kind === "product" ? (c.label ?? "产品") : c.label}
                </th>
              ))}
              {readOnly ? null : (
                <th scope="col">
                  <span className="visually-hidden">操作</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {shown.map((line, i) => (
              <PlainRow key={i} index={i} line={line} prefix={prefix} columns={columns} errors={errors} readOnly={readOnly} />
            ))}
          </tbody>
          {hasTotals ? (
            <tfoot>
              <tr>
                <td className={css.no}>合计</td>
                {columns.map((c) => (
                  <td
                    key={columnKey(c)}
                    className={c.kind === "number" || c.kind === "amount" ? css.num : undefined}
                    data-total={columnKey(c) in totals ? columnKey(c) : undefined}
                  >
                    {columnKey(c) in totals ? formatTotal(c, totals[columnKey(c)]!) : null}
                  </td>
                ))}
                {readOnly ? null : <td />}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
      {readOnly ? null : (
        <div className={css.actions}>
          <button type="submit" name="intent" value={ADD_LINE_INTENT} className={css.btn} formNoValidate>
            添加行
          </button>
          {hasTotals ? (
            <noscript>
              <span className={css.keys}>改了数量或单价后，按 Enter 或点“添加行”重新计算金额和合计</span>
            </noscript>
          ) : null}
        </div>
      )}
    </div>
  );
}

function PlainRow({
  index,
  line,
  prefix,
  columns,
  errors,
  readOnly,
}: {
  index: number;
  line: EditorLine;
  prefix: string;
  columns: readonly LineColumn[];
  errors: Record<string, string[]>;
  readOnly?: boolean;
}) {
  const name = (field: string) => lineName(prefix, index, field);
  const values = line.values;
  const lineErrors = errors[`${prefix}[${index}]`] ?? [];
  const fieldError = (field: string) => errors[name(field)]?.[0];
  // Fields the columns do not show (lineId, sourceLineId …) travel along unchanged.
  const shownFields = new Set<string>([PRODUCT_FIELDS.id, PRODUCT_FIELDS.text, PRODUCT_FIELDS.picked]);
  for (const c of columns) if (c.kind === "number" || c.kind === "select" || c.kind === "text") shownFields.add(c.name);
  const extra = Object.entries(values).filter(([k]) => !shownFields.has(k));
  return (
    <tr className={css.row} data-line-index={index}>
      <td className={css.no}>
        {index + 1}
        {extra.map(([k, v]) => (
          <input key={k} type="hidden" name={name(k)} value={v} />
        ))}
      </td>
      {columns.map((c) => {
        const key = columnKey(c);
        switch (c.kind) {
          case "product": {
            const choices = line.choices ?? [];
            const error = line.error ?? fieldError(PRODUCT_FIELDS.id) ?? fieldError(PRODUCT_FIELDS.text) ?? lineErrors[0];
            const label = `第${index + 1}行 ${c.label ?? "产品"}`;
            return (
              <td key={key} style={{ minWidth: c.width ?? 260 }}>
                <input type="hidden" name={name(PRODUCT_FIELDS.picked)} value={values[PRODUCT_FIELDS.picked] ?? ""} />
                {readOnly ? (
                  <>
                    <input type="hidden" name={name(PRODUCT_FIELDS.id)} value={values[PRODUCT_FIELDS.id] ?? ""} />
                    <span>{line.product ? productLabel(line.product) : (values[PRODUCT_FIELDS.text] ?? "")}</span>
                  </>
                ) : (
                  <>
                    <input
                      className={`${css.input} ${error ? css.invalid : ""}`}
                      name={name(PRODUCT_FIELDS.text)}
                      defaultValue={values[PRODUCT_FIELDS.text] ?? ""}
                      placeholder={t.grid.productSearch}
                      aria-label={label}
                      aria-invalid={error ? true : undefined}
                      autoComplete="off"
                      maxLength={100}
                    />
                    {choices.length ? (
                      <select
                        className={css.select}
                        name={name(PRODUCT_FIELDS.id)}
                        defaultValue={values[PRODUCT_FIELDS.id] ?? ""}
                        aria-label={`第${index + 1}行 选择产品`}
                      >
                        <option value="">请选择产品…</option>
                        {choices.map((p) => (
                          <option key={p.productId} value={String(p.productId)}>
                            {productLabel(p)}
                            {p.brandName ? ` ${p.brandName}` : ""}（可用 {p.available}）
                          </option>
                        ))}
                      </select>
                    ) : (
                      <input type="hidden" name={name(PRODUCT_FIELDS.id)} value={values[PRODUCT_FIELDS.id] ?? ""} />
                    )}
                  </>
                )}
                {error ? (
                  <div className={css.error} role="alert">
                    {error}
                  </div>
                ) : null}
              </td>
            );
          }
          case "number": {
            const error = fieldError(c.name);
            const warning = belowCostOf(values, line.product, c);
            return (
              <td key={key} style={{ width: c.width ?? 100 }}>
                <input
                  className={`${css.input} ${css.numInput} ${error ? css.invalid : ""}`}
                  name={name(c.name)}
                  defaultValue={values[c.name] ?? ""}
                  inputMode="decimal"
                  autoComplete="off"
                  readOnly={readOnly}
                  aria-label={`第${index + 1}行 ${c.label}`}
                  aria-invalid={error ? true : undefined}
                  maxLength={30}
                />
                {error ? <div className={css.error}>{error}</div> : null}
                {warning ? (
                  <div className={css.warning} data-warning="belowCost">
                    {warning}
                  </div>
                ) : null}
              </td>
            );
          }
          case "amount": {
            const amount = amountOf(values, c);
            return (
              <td key={key} className={css.num} data-amount={index}>
                {amount === null ? "" : formatTotal(c, amount)}
              </td>
            );
          }
          case "select": {
            const error = fieldError(c.name);
            return (
              <td key={key} style={{ minWidth: c.width ?? 140 }}>
                <select
                  className={`${css.select} ${error ? css.invalid : ""}`}
                  name={name(c.name)}
                  defaultValue={values[c.name] ?? ""}
                  disabled={readOnly}
                  aria-label={`第${index + 1}行 ${c.label}`}
                >
                  <option value="">{c.placeholder ?? "请选择"}</option>
                  {selectOptionsOf(c, values).map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
                {error ? <div className={css.error}>{error}</div> : null}
              </td>
            );
          }
          case "text": {
            const error = fieldError(c.name);
            return (
              <td key={key} style={{ minWidth: c.width ?? 120 }}>
                <input
                  className={`${css.input} ${error ? css.invalid : ""}`}
                  name={name(c.name)}
                  defaultValue={values[c.name] ?? ""}
                  readOnly={readOnly}
                  maxLength={c.maxLength ?? 200}
                  aria-label={`第${index + 1}行 ${c.label}`}
                  autoComplete="off"
                />
                {error ? <div className={css.error}>{error}</div> : null}
              </td>
            );
          }
          case "info":
            return (
              <td
                key={key}
                className={c.field === "available" || c.field === "lastPrice" || c.field === "priceSale" || c.field === "avgCost" ? css.num : css.info}
                data-info={c.field}
              >
                {infoText(line.product, c)}
              </td>
            );
        }
      })}
      {readOnly ? null : (
        <td>
          <button
            type="submit"
            name="intent"
            value={removeLineIntent(index)}
            className={`${css.btn} ${css.small}`}
            formNoValidate
            aria-label={`删除第${index + 1}行`}
          >
            删除
          </button>
        </td>
      )}
    </tr>
  );
}
