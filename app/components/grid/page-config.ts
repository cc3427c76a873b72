import type { Dict } from "#server/lib/dictionary";
import type { GridColumn } from "../../../server/lib/grid-settings";

/**
 * What a master-data list page declares: its columns, its filters and its form. The server
 * supplies lookups (id/name option lists of other resources) by name.
 */
export type OptionSource = string | Dict<number> | Dict<string>;

/**
 * How a form shows one field of its zod schema. The label, required mark, limits, number kind
 * and default come from the schema (server/lib/form-spec.ts, sent with the page as `form`);
 * the page says only which fields, in what order, with which widget and options.
 */
export type FieldWidget = "textarea" | "select";

export interface FormField {
  name: string;
  /** Text fields are inputs and id/choice fields selects unless said otherwise. */
  widget?: FieldWidget;
  /** A lookup name (`productBrand`) or a fixed dictionary. */
  options?: OptionSource;
  /** Group a lookup's options under their parent (two-level trees). */
  groupByParent?: boolean;
  /** Only options of this tree level. */
  level?: number;
  /**
   * The field of this form whose value the options depend on (二级分类 on 一级分类, 汽车品牌 on
   * 车系分组): only options whose `parentId` is that value are listed. With JavaScript the list
   * follows the parent at once; without, a 刷新选项 button posts the form back to redraw it.
   */
  parent?: string;
  span?: 2 | "all";
  placeholder?: string;
  /** A text field's suggestions (a <datalist>): the labels of this lookup; any other text is still accepted. */
  suggest?: string;
  /** Shown read-only. */
  readOnly?: boolean;
  /**
   * Only for a read-only field the form's schema does not parse (产品编码 on the price page):
   * its label. Every field the schema parses takes its label from the schema.
   */
  displayLabel?: string;
}

export interface FilterField {
  name: string;
  label: string;
  options?: OptionSource;
  level?: number;
  placeholder?: string;
  /** A select whose first option is the server's default (no 全部 entry): e.g. 仅有库存 on by default. */
  noAll?: boolean;
  /** A native date input (yyyy-mm-dd) instead of a text box. */
  type?: "date";
  /**
   * `dateRange`: two native date inputs `<name>From` / `<name>To` (working without JavaScript),
   * enhanced with a @mantine/dates range picker once JavaScript runs (loaded lazily, only on
   * pages with such a filter). The list declares them with server/lib/date-range.ts.
   */
  kind?: "dateRange";
}

export interface PageConfig {
  columns: GridColumn[];
  form?: FormField[];
  formColumns?: 2 | 3;
  filters?: FilterField[];
  keywordPlaceholder?: string;
  /**
   * Documents and other rows with a page of their own: a row opens that page (double click,
   * Enter, the row's link) instead of the edit dialog.
   */
  rowHref?: (id: number) => string;
}
