import type { RegionProvince } from "#server/system/business-area.page";

/** 商圈's covered areas in its form: the choices, what is chosen, and the field's message. */
export interface RegionPickerProps {
  label: string;
  hint?: string;
  choices: RegionProvince[];
  /** Chosen areas that are neither a province nor a city (districts set through the API), with their paths. */
  others: { code: string; path: string }[];
  selected: string[];
  error?: string;
}
