import type * as M from "@mantine/core";
import { forwardRef, type CSSProperties } from "react";
// @ts-expect-error: a file of the package (no types of its own; typed below)
import { InputBase as InputBaseImpl } from "../../../../node_modules/@mantine/core/esm/components/InputBase/InputBase.mjs";
// @ts-expect-error: the Combobox's class names (a plain object, no imports)
import comboboxClasses from "../../../../node_modules/@mantine/core/esm/components/Combobox/Combobox.module.css.mjs";

const InputBase = InputBaseImpl as typeof M.InputBase;
const chevronClass = (comboboxClasses as { chevron: string }).chevron;

type Option = string | { value: string; label: string; disabled?: boolean };
/** An option, or a group of them (an <optgroup>), as Mantine's `data` takes them. */
type Item = Option | { group: string; items: readonly Option[] };

export type NativeSelectProps = Omit<M.NativeSelectProps, "data"> & { data?: readonly Item[] };

function OptionOf({ item }: { item: Option }) {
  return typeof item === "string" ? (
    <option value={item}>{item}</option>
  ) : (
    <option value={item.value} disabled={item.disabled}>
      {item.label}
    </option>
  );
}

const keyOf = (item: Option) => (typeof item === "string" ? item : item.value);

/**
 * Mantine's NativeSelect, rebuilt on its InputBase with the same markup and classes (a <select>
 * in the input frame, the Combobox chevron on the right). The package's own NativeSelect file
 * imports Combobox, Popover, ScrollArea and Checkbox for their side effects, so esbuild put a
 * 27 KB gzip chunk of them (and floating-ui) into the first load of every page with a form
 * (see ./README.md); this one imports InputBase only.
 */
export const NativeSelect = forwardRef<HTMLSelectElement, NativeSelectProps>(function NativeSelect(
  { data = [], children, size, error, rightSection, ...others },
  ref,
) {
  const chevronSize = size ? ({ "--combobox-chevron-size": `var(--combobox-chevron-size-${size})` } as CSSProperties) : undefined;
  return (
    <InputBase
      component="select"
      ref={ref}
      {...(others as object)}
      {...{ __staticSelector: "NativeSelect" }}
      size={size}
      pointer
      error={error}
      rightSectionPointerEvents="none"
      rightSection={
        rightSection ?? (
          <svg
            className={chevronClass}
            style={chevronSize}
            data-combobox-chevron
            data-error={error ? true : undefined}
            viewBox="0 0 15 15"
            fill="none"
            xmlns="http://www.w3.org/2000/svg"
            aria-hidden="true"
          >
            <path
              d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
              fill="currentColor"
              fillRule="evenodd"
              clipRule="evenodd"
            />
          </svg>
        )
      }
    >
      {children ??
        data.map((item, i) =>
          typeof item === "object" && "group" in item ? (
            <optgroup key={`g${i}`} label={item.group}>
              {item.items.map((o) => (
                <OptionOf key={keyOf(o)} item={o} />
              ))}
            </optgroup>
          ) : (
            <OptionOf key={keyOf(item)} item={item} />
          ),
        )}
    </InputBase>
  );
});
