/**
 * What a document page tells the line editor (app/components/lines/LineEditor.tsx) and what the
 * server hands it. Pure types and names: shared by the plain form and the lazy grid.
 */

/** The facts the product picker shows (server/trade/line-pick.service.ts `PickedProduct`). */
export interface LineProduct {
  productId: number;
  mainOE: string;
  name: string;
  brandName: string | null;
  unitName: string | null;
  available: string;
  lastPrice: string | null;
  defaultLocationId: number | null;
  defaultLocationName: string | null;
  priceSale: string | null;
  avgCost?: string | null;
  /** The purchase side's suggested price: this supplier's last, any supplier's last, then the cost. */
  purchasePrice?: string | null;
  /** The sales side's shelf stock per location (at most 5). */
  locations?: readonly { locationName: string; available: string }[];
}

/** Product facts a number cell can start from when a product is picked. */
export type ProductNumberField = "lastPrice" | "priceSale" | "avgCost" | "purchasePrice";

/** One line as the page hands it to the editor: server/trade/line-pick.service.ts `ResolvedLine` fits. */
export interface EditorLine {
  /** Posted field → text: productId, productText, productPicked, qty, price, locationId, batchNo, reasonCode, remark … */
  values: Record<string, string>;
  product?: LineProduct | null;
  choices?: readonly LineProduct[];
  /** The line's product message (未找到产品… / 请选择). */
  error?: string | null;
}

export type LineOption = { value: string; label: string };

export type LineColumn =
  /** The product picker: posts productId, productText (what was typed) and productPicked. Always first. */
  | { kind: "product"; label?: string; width?: number }
  /**
   * A quantity or price typed as text (number-text rules, 2 decimals). `defaultFrom` prefills a blank cell when a product is
   * picked (price ← lastPrice; a list takes the first fact the product has: ["lastPrice", "priceSale"]).
   * `warnBelowCost` (a price): the cell warns 低于成本 when price × the line's `percent` field ÷ 100 is below the product's
   * avgCost (known only to those allowed to see it) — a warning, the line still posts.
   */
  | {
      kind: "number";
      name: string;
      label: string;
      required?: boolean;
      width?: number;
      defaultFrom?: ProductNumberField | readonly ProductNumberField[];
      total?: boolean;
      warnBelowCost?: { percent?: string };
    }
  /** qty × price, computed (never posted): `of: ["qty", "price"]`; with `percent: "discount"` × discount ÷ 100. */
  | { kind: "amount"; label: string; of: [string, string]; percent?: string; width?: number; total?: boolean }
  /** A select (location, reason code). `defaultFrom: "defaultLocationId"` prefills a blank location when a product is picked. */
  | {
      kind: "select";
      name: string;
      label: string;
      options: readonly LineOption[];
      required?: boolean;
      width?: number;
      defaultFrom?: "defaultLocationId";
      placeholder?: string;
      optionsByProduct?: Readonly<Record<string, readonly LineOption[]>>;
    }
  /** Free text (batch, remark). */
  | { kind: "text"; name: string; label: string; width?: number; maxLength?: number }
  /** Read-only facts of the picked product. */
  | {
      kind: "info";
      field: "available" | "lastPrice" | "defaultLocationName" | "priceSale" | "avgCost" | "unitName" | "brandName" | "name" | "locations";
      label: string;
      format?: "money" | "qty" | "cost" | "text";
      width?: number;
    };

export const PRODUCT_FIELDS = { id: "productId", text: "productText", picked: "productPicked" } as const;

/** The text a picked product shows in its line (server: `productLabelOf`). */
export const productLabel = (p: Pick<LineProduct, "mainOE" | "name">) => `${p.mainOE} ${p.name}`;

export const lineName = (prefix: string, index: number, field: string) => `${prefix}[${index}].${field}`;

/** A column's key in the grid and in keyboard navigation. */
export function columnKey(c: LineColumn): string {
  switch (c.kind) {
    case "product":
      return PRODUCT_FIELDS.text;
    case "amount":
      return `amount:${c.of.join("*")}`;
    case "info":
      return `info:${c.field}`;
    default:
      return c.name;
  }
}

/** Columns a clerk types in (Enter moves between these). */
export const isEditable = (c: LineColumn) => c.kind === "product" || c.kind === "number" || c.kind === "select" || c.kind === "text";

/**
 * A select column's options for one line: with `optionsByProduct` (e.g. a transfer's batches on
 * hand of each product) those of the line's product (none when it has none), else `options`.
 */
export function selectOptionsOf(c: Extract<LineColumn, { kind: "select" }>, values: Record<string, string>): readonly LineOption[] {
  if (!c.optionsByProduct) return c.options;
  const productId = (values[PRODUCT_FIELDS.id] ?? "").trim();
  return productId ? (c.optionsByProduct[productId] ?? []) : c.options;
}

export interface LineEditorProps {
  /** Field name prefix: `lines` → lines[0].qty. */
  prefix?: string;
  columns: LineColumn[];
  lines: EditorLine[];
  /** Per-line messages keyed `lines[0].qty` or `lines[0]` (server/lib/line-form.ts `lineErrorsOf`). */
  errors?: Record<string, string[]>;
  /** The enclosing form's field names whose values the picker sends (partnerId, warehouseId). */
  partnerField?: string;
  warehouseField?: string;
  /** Whose facts the picker shows: a purchase document's (default: last purchase price) or a sales order's (side=sale: the customer's last price, stock per location). */
  pickerSide?: "sale" | "purchase";
  /** Ctrl+Enter presses the form's button name=intent with this value (else the form's last submit button). */
  submitIntent?: string;
  /** Values of a new line. */
  blankLine?: Record<string, string>;
  /** The table's accessible name (默认：明细). */
  caption?: string;
  readOnly?: boolean;
}
