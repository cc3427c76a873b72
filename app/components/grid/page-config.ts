import type { Dict } from "#server/lib/dictionary";
import type { GridColumn } from "../../../server/lib/grid-settings";

/**
 * What a master-data list page declares: its columns, its filters and its form. The server
 * supplies lookups (id/name option lists of other resources) by name.
 */
export type OptionSource = string | Dict<number> | Dict<string>;

export type FieldKind = "text" | "textarea" | "int" | "money" | "decimal" | "select" | "bool" | "date";

export interface FormField {
  name: string;
  label: string;
  kind?: FieldKind;
  /** A lookup name (`productBrand`) or a fixed dictionary. */
  options?: OptionSource;
  /** Group a lookup's options under their parent (two-level trees). */
  groupByParent?: boolean;
  /** Only options of this tree level. */
  level?: number;
  required?: boolean;
  maxLength?: number;
  span?: 2 | "all";
  placeholder?: string;
  defaultValue?: string | number | boolean;
  /** Shown read-only. */
  readOnly?: boolean;
}

export interface FilterField {
  name: string;
  label: string;
  options?: OptionSource;
  level?: number;
  placeholder?: string;
}

export interface PageConfig {
  columns: GridColumn[];
  form?: FormField[];
  formColumns?: 2 | 3;
  filters?: FilterField[];
  keywordPlaceholder?: string;
}
