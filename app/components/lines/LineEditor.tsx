/**
 * THE line editor of every document with lines (purchase orders, returns, transfers,
 * stocktakes, later sales orders). One component, two faces:
 *   - without JavaScript (and on the server render): a plain <table> of inputs inside the
 *     page's <form>, with 添加行 / 删除 submit buttons (intent=addLine / intent=removeLine:<i>);
 *   - with JavaScript (after hydration): a grid on mantine-react-table's table instance, lazy-loaded (its chunk is
 *     only fetched by pages that render a LineEditor), writing the SAME hidden inputs, so the
 *     same action handles both. Keyboard-first: Enter → next cell (at the end: a new line),
 *     ArrowUp/ArrowDown → same cell of the line above/below, Ctrl+Enter → the page's submit
 *     button, Esc → leaves the product picker. The picker calls GET /api/app/stock/linePick and
 *     shows stock, last price and default location.
 *
 * USAGE (e.g. app/routes/_app+/purchase+/orderCreate.tsx)
 *
 *   import { LineEditor, type LineColumn } from "~/components/lines/LineEditor";
 *
 *   // loader: lines to start with (one blank line for a new document)
 *   return json({ lines: [{ values: {} }], ... })
 *   // or, for an existing draft: lines from the document, with the picker's facts:
 *   //   const facts = await pickedProductsByIds(ctx, order.lines.map(l => l.productId), {partnerId, warehouseId});
 *   //   lines = order.lines.map(l => ({ values: { productId: String(l.productId),
 *   //     productText: productLabelOf(l), productPicked: productLabelOf(l), qty: l.qty, price: l.price,
 *   //     remark: l.remark ?? "" }, product: facts.find(f => f.productId === l.productId) ?? null }))
 *
 *   // action (all imports via the ~/server/<area>.server entry points):
 *   const form = await request.formData();
 *   const intent = String(form.get("intent") ?? "");
 *   const raw = readLines(form);                                  // [{productId, productText, productPicked, qty, price, …}]
 *   const lines = await resolveLines(ctx, raw, { partnerId, warehouseId });   // settles typed OE/name/pinyin
 *   const lineIntent = lineIntentOf(intent);
 *   if (lineIntent) {                                              // 添加行 / 删除 (no JavaScript)
 *     // answer the same form back (status 200): header values + one line more / less
 *     return json({ values: formValues(form), lines: applyLineIntent(lines, lineIntent, blankResolvedLine()) });
 *   }
 *   if (lines.some(l => l.error)) → answer back with status 400, lines, and a message (产品未选定)
 *   const input = { ..., lines: withoutBlankLines(lines.map(l => l.values)).map(v => ({ productId: v.productId, qty: v.qty, price: v.price, remark: v.remark })) };
 *   try { … createPurchaseOrder(ctx, input, { submit: intent === "submit" }) … redirect }
 *   catch (e) { const f = formErrorOf(e); errors = lineErrorsOf(f?.fields, e instanceof ZodError ? e.issues : []);
 *               return json({ values, lines, errors, message }, 400) }
 *
 *   // component, INSIDE the page's <form method="post"> (a Remix <Form> works too):
 *   const columns: LineColumn[] = [
 *     { kind: "product" },
 *     { kind: "info", field: "available", label: "可用库存" },
 *     { kind: "info", field: "lastPrice", label: "上次进价" },
 *     { kind: "info", field: "defaultLocationName", label: "默认货位" },
 *     { kind: "number", name: "qty", label: "数量", required: true, total: true },
 *     { kind: "number", name: "price", label: "单价", defaultFrom: "lastPrice" },
 *     { kind: "amount", label: "金额", of: ["qty", "price"] },
 *     { kind: "text", name: "remark", label: "备注" },
 *   ];
 *   <LineEditor columns={columns} lines={data.lines} errors={data.errors}
 *               partnerField="partnerId" warehouseField="warehouseId" submitIntent="submit" />
 *   …then the page's own buttons: <button name="intent" value="save">保存草稿</button>
 *                                 <button name="intent" value="submit">提交</button>
 *   Other columns: { kind: "select", name: "locationId", label: "货位", options, defaultFrom: "defaultLocationId" },
 *   { kind: "select", name: "reasonCode", label: "原因", options: REASON_CODES.map(...) }, { kind: "text", name: "batchNo", label: "批次" }.
 *   `partnerField` / `warehouseField` name the form's own fields the picker reads (stock of that
 *   warehouse, last price from that supplier). `readOnly` shows lines without editing.
 *   Fields a line carries that no column shows (lineId …) are posted back unchanged.
 */
import { useEffect, useRef, useState, type ComponentType } from "react";
import { useDocumentFormKeys } from "~/hooks/useDocumentFormKeys";
import { PRODUCT_FIELDS, productLabel, type EditorLine, type LineEditorProps } from "./line-types";
import { PlainLineTable } from "./PlainLineTable";
import css from "./lines.module.css";
import { withMantineStyles } from "~/components/ui/mantine/full-styles";

export type { EditorLine, LineColumn, LineEditorProps, LineOption, LineProduct } from "./line-types";

/** The plain table with JavaScript too (a switch for diagnosing the grid). */
const GRID_ENABLED = true;

interface GridTakeover {
  Grid: ComponentType<LineEditorProps>;
  /** What the plain table held when the grid took over (the user may have typed while it loaded). */
  lines: EditorLine[];
  /** The props' lines the snapshot was taken from: a newer answer from the action wins. */
  from: readonly EditorLine[];
  focus: { row: number; col: string } | null;
}

export function LineEditor(props: LineEditorProps) {
  // The server and the first client render agree (plain table). After hydration the grid's
  // chunk loads; only once it is here does the grid replace the table, starting from what the
  // table's inputs hold AT THAT MOMENT — a user on a slow PC who typed while the chunk loaded
  // keeps every keystroke, and the cell he was in keeps the focus.
  const prefix = props.prefix ?? "lines";
  const box = useRef<HTMLDivElement>(null);
  // Every document form has a line editor: its form gets the one keyboard of document forms.
  const anchor = useRef<HTMLDivElement>(null);
  useDocumentFormKeys(anchor, props.submitIntent);
  const latest = useRef(props.lines);
  latest.current = props.lines;
  const [takeover, setTakeover] = useState<GridTakeover | null>(null);
  useEffect(() => {
    if (!GRID_ENABLED || props.readOnly) return;
    let live = true;
    void withMantineStyles(import("./LineGrid")).then((m) => {
      if (!live) return;
      const from = latest.current;
      setTakeover({ Grid: m.default, from, ...typedLines(box.current, from, prefix) });
    });
    return () => {
      live = false;
    };
  }, [props.readOnly, prefix]);

  useEffect(() => {
    const f = takeover?.focus;
    if (!f) return;
    const cell = document.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-line-row="${f.row}"][data-line-col="${CSS.escape(f.col)}"]`);
    if (!cell) return;
    cell.focus();
    if (cell instanceof HTMLInputElement) cell.setSelectionRange(cell.value.length, cell.value.length);
  }, [takeover]);

  if (!takeover || props.readOnly) {
    return (
      <div ref={anchor} className={css.box}>
        <div ref={box} className={css.box}>
          <PlainLineTable {...props} />
        </div>
      </div>
    );
  }
  const { Grid } = takeover;
  return (
    <div ref={anchor} className={css.box}>
      <Grid {...props} lines={takeover.from === props.lines ? takeover.lines : props.lines} />
    </div>
  );
}

/** The lines as the plain table's inputs hold them now, and the cell that has the focus. */
function typedLines(box: HTMLElement | null, lines: readonly EditorLine[], prefix: string): Pick<GridTakeover, "lines" | "focus"> {
  const out: EditorLine[] = lines.map((l) => ({ ...l, values: { ...l.values } }));
  let focus: GridTakeover["focus"] = null;
  if (!box) return { lines: out, focus };
  const pattern = /^(.*)\[(\d+)\]\.(.+)$/;
  for (const el of box.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>("input[name], select[name], textarea[name]")) {
    const m = pattern.exec(el.name);
    if (!m || m[1] !== prefix) continue;
    const row = Number(m[2]);
    const field = m[3]!;
    const line = (out[row] ??= { values: {} });
    line.values[field] = el.value;
    if (el === document.activeElement) focus = { row, col: field };
  }
  // A product chosen from the plain table's list of matches: its facts come with it.
  out.forEach((l, i) => {
    const before = lines[i];
    const id = l.values[PRODUCT_FIELDS.id];
    if (!before || id === before.values[PRODUCT_FIELDS.id]) return;
    const chosen = before.choices?.find((p) => String(p.productId) === id) ?? null;
    l.product = chosen;
    if (chosen) l.values[PRODUCT_FIELDS.picked] = l.values[PRODUCT_FIELDS.text] = productLabel(chosen);
  });
  return { lines: out.map((l) => l ?? { values: {} }), focus };
}
