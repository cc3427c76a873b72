/** A list's date range filter: the fields `<name>From` / `<name>To` and their values (yyyy-mm-dd or ""). */
export interface DateRangeFilterProps {
  name: string;
  label: string;
  from: string;
  to: string;
}
