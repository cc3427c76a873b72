import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from "react";
import { t } from "#server/lib/i18n/zh-CN";
import { formatCostText, formatMoneyText, formatQtyText } from "#server/lib/decimal-text";
import { productLabel, type LineProduct } from "./line-types";
import css from "./lines.module.css";

/**
 * The product cell of the line grid: type any OE spelling, pinyin initials or name; the
 * company's products come from GET /api/app/stock/linePick with stock in the document's
 * warehouse, the last price from its supplier and the default location. Keys: ArrowUp/Down
 * choose, Enter takes the chosen one (or the one whose code was typed exactly; typed before the
 * answer came, it is taken when it comes), Esc closes the list and then restores the picked
 * product's text. Keys it does not use bubble to the grid (Enter with a product already picked
 * moves on, Ctrl+Enter submits).
 *
 * A listbox of its own rather than Mantine's Combobox: through @mantine/core's barrel, every
 * Mantine component a lazy chunk uses lands in the shell chunk of every page (esbuild splits by
 * reachability), and Combobox with its positioning library cost list pages ~16 KB gzip.
 */
export interface ProductPickerProps {
  text: string;
  picked: string;
  label: string;
  invalid?: boolean;
  /** The document's supplier (customer for side=sale) and warehouse, read when a search starts. */
  params: () => { partnerId?: string; warehouseId?: string; side?: "sale" | "purchase" };
  onText: (text: string) => void;
  onPick: (product: LineProduct) => void;
  inputProps: Record<string, unknown>;
}

const normal = (s: string) =>
  s
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");

export function ProductPicker({ text, picked, label, invalid, params, onText, onPick, inputProps }: ProductPickerProps) {
  const [opened, setOpened] = useState(false);
  const [place, setPlace] = useState<CSSProperties>({});
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const combobox = {
    get dropdownOpened() {
      return opened;
    },
    openDropdown() {
      const r = inputRef.current?.getBoundingClientRect();
      // Fixed to the viewport: the grid's scroll container would clip an absolute list.
      if (r) setPlace({ position: "fixed", top: r.bottom + 2, left: r.left, minWidth: r.width });
      setOpened(true);
    },
    closeDropdown() {
      setOpened(false);
    },
  };
  useEffect(() => {
    if (!opened) return;
    const close = () => setOpened(false);
    window.addEventListener("resize", close);
    window.addEventListener("scroll", close, true);
    return () => {
      window.removeEventListener("resize", close);
      window.removeEventListener("scroll", close, true);
    };
  }, [opened]);
  const [options, setOptions] = useState<LineProduct[]>([]);
  const [active, setActive] = useState(0);
  const [state, setState] = useState<"idle" | "loading" | "done" | "failed">("idle");
  const pickWhenLoaded = useRef(false);
  const request = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const asked = useRef("");
  const sideRef = useRef<"sale" | "purchase">("purchase");

  useEffect(
    () => () => {
      request.current?.abort();
      clearTimeout(timer.current);
    },
    [],
  );

  function best(list: LineProduct[], typed: string, index: number): LineProduct | undefined {
    const n = normal(typed);
    return (n && list.find((p) => normal(p.mainOE) === n)) || list[index] || list[0];
  }

  function search(keyword: string) {
    clearTimeout(timer.current);
    request.current?.abort();
    const kw = keyword.trim();
    asked.current = kw;
    if (!kw) {
      setOptions([]);
      setState("idle");
      return;
    }
    setState("loading");
    timer.current = setTimeout(async () => {
      const ac = new AbortController();
      request.current = ac;
      const q = new URLSearchParams({ keyword: kw, limit: "20" });
      const p = params();
      if (p.partnerId) q.set("partnerId", p.partnerId);
      if (p.warehouseId) q.set("warehouseId", p.warehouseId);
      if (p.side === "sale") q.set("side", "sale");
      sideRef.current = p.side ?? "purchase";
      try {
        const res = await fetch(`/api/app/stock/linePick?${q}`, { signal: ac.signal, headers: { Accept: "application/json" } });
        if (!res.ok) throw new Error(String(res.status));
        const body = (await res.json()) as { items: LineProduct[] };
        if (asked.current !== kw) return;
        setOptions(body.items);
        setActive(0);
        setState("done");
        if (pickWhenLoaded.current) {
          pickWhenLoaded.current = false;
          const p = best(body.items, kw, 0);
          if (p) take(p);
          else combobox.openDropdown();
        }
      } catch (e) {
        if ((e as Error).name !== "AbortError") setState("failed");
      }
    }, 150);
  }

  function take(p: LineProduct) {
    combobox.closeDropdown();
    setOptions([]);
    setState("idle");
    onPick(p);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.nativeEvent.isComposing || e.ctrlKey || e.metaKey || e.altKey) return;
    const open = combobox.dropdownOpened && options.length > 0;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (!open) return; // the grid moves between lines
      e.preventDefault();
      e.stopPropagation();
      setActive((i) => (e.key === "ArrowDown" ? Math.min(i + 1, options.length - 1) : Math.max(i - 1, 0)));
    } else if (e.key === "Enter") {
      const typed = text.trim();
      if (!typed || (typed === picked.trim() && !combobox.dropdownOpened)) return; // nothing to pick: the grid moves on
      e.preventDefault();
      e.stopPropagation();
      if (state === "loading" || asked.current !== typed) {
        pickWhenLoaded.current = true;
        if (asked.current !== typed) search(typed);
        return;
      }
      const p = best(options, typed, active);
      if (p) take(p);
      else combobox.openDropdown();
    } else if (e.key === "Escape") {
      e.stopPropagation();
      if (combobox.dropdownOpened) {
        combobox.closeDropdown();
        pickWhenLoaded.current = false;
      } else if (picked && text !== picked) {
        onText(picked);
      }
    }
  }

  const showList = opened && (options.length > 0 || state !== "idle");
  const optionId = (i: number) => `${listId}-o${i}`;
  return (
    <>
      <input
        {...inputProps}
        ref={inputRef}
        className={`${css.input} ${invalid ? css.invalid : ""}`}
        value={text}
        placeholder={t.grid.productSearch}
        aria-label={label}
        aria-invalid={invalid || undefined}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={showList ? listId : undefined}
        aria-activedescendant={showList && options[active] ? optionId(active) : undefined}
        autoComplete="off"
        maxLength={100}
        onChange={(e) => {
          onText(e.currentTarget.value);
          search(e.currentTarget.value);
          combobox.openDropdown();
        }}
        onFocus={() => {
          if (options.length) combobox.openDropdown();
        }}
        onBlur={() => combobox.closeDropdown()}
        onKeyDown={onKeyDown}
      />
      {showList ? (
        <ul id={listId} role="listbox" aria-label="产品" className={css.pickList} style={place}>
          {options.map((p, i) => (
            <li
              key={p.productId}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={css.pickOption}
              data-picker-option={p.mainOE}
              onMouseEnter={() => setActive(i)}
              // mousedown, not click: the input keeps the focus (its blur would close the list first).
              onMouseDown={(e) => {
                e.preventDefault();
                take(p);
              }}
            >
              <span>
                {productLabel(p)}
                {p.brandName ? ` · ${p.brandName}` : ""}
              </span>
              <span className={css.optionFacts}>
                可用 {formatQtyText(p.available, p.unitName) ?? p.available}
                {p.lastPrice !== null ? ` · ${sideRef.current === "sale" ? "上次售价" : "上次进价"} ${formatMoneyText(p.lastPrice) ?? p.lastPrice}` : ""}
                {sideRef.current === "sale" && p.priceSale !== null ? ` · 售价 ${formatMoneyText(p.priceSale) ?? p.priceSale}` : ""}
                {p.avgCost !== undefined && p.avgCost !== null && sideRef.current === "sale" ? ` · 成本 ${formatCostText(p.avgCost) ?? p.avgCost}` : ""}
                {p.locations?.length
                  ? ` · ${p.locations.map((l) => `${l.locationName} ${formatQtyText(l.available) ?? l.available}`).join("、")}`
                  : p.defaultLocationName
                    ? ` · 默认货位 ${p.defaultLocationName}`
                    : ""}
              </span>
            </li>
          ))}
          {state === "loading" && !options.length ? <li className={css.pickEmpty}>正在查找…</li> : null}
          {state === "done" && !options.length ? <li className={css.pickEmpty}>未找到产品</li> : null}
          {state === "failed" ? <li className={css.pickEmpty}>查找失败，请重试</li> : null}
        </ul>
      ) : null}
    </>
  );
}
