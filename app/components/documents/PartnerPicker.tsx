import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import pp from "./partner-picker.module.css";

/** One partner a document form offers (its pinyin initials upper case: 博世汽配 → BSQP). */
export interface PartnerOption {
  id: number;
  name: string;
  initial: string;
}

/** At most this many partners are listed at once (typing narrows them). */
const LIST_MAX = 30;

/**
 * The partners a typed text finds, best first: the exact name, then names or initials that
 * start with it, then names that contain it — the rule the server settles a typed name by
 * (server/sale/sales-order.page.ts `resolveCustomer`, purchase `resolveSupplier`).
 */
export function partnersMatching<T extends PartnerOption>(options: readonly T[], text: string): T[] {
  const typed = text.trim();
  if (!typed) return options.slice(0, LIST_MAX);
  const lower = typed.toLowerCase();
  const upper = typed.toUpperCase();
  const rank = (o: T) =>
    o.name === typed ? 0 : o.initial.startsWith(upper) || o.name.toLowerCase().startsWith(lower) ? 1 : o.name.toLowerCase().includes(lower) ? 2 : -1;
  return options
    .map((o, i) => ({ o, i, r: rank(o) }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .slice(0, LIST_MAX)
    .map((x) => x.o);
}

/** The partner a text names on its own: its exact name, else initials that only it has. */
export function partnerNamedBy<T extends PartnerOption>(options: readonly T[], text: string): T | null {
  const typed = text.trim();
  if (!typed) return null;
  const byName = options.find((o) => o.name === typed);
  if (byName) return byName;
  const byInitial = options.filter((o) => o.initial === typed.toUpperCase());
  return byInitial.length === 1 ? byInitial[0]! : null;
}

/**
 * The customer / supplier field of a document form: a text input (name or pinyin initials,
 * posted as `textName`) with the partner's id in a hidden `idName`, and — with JavaScript — our
 * own list under it instead of the browser's <datalist>: it opens as one types, ↑↓ move in it,
 * Enter or a click picks, Esc closes it. While the list is open the input says so
 * (aria-expanded), and the document form's Enter-moves-on (useDocumentFormKeys) leaves its
 * Enter to the list; with the list closed Enter moves on. Without JavaScript (and until the page
 * has hydrated) the input offers the partners' names as the browser's <datalist>, the text is
 * posted and the server settles it (exact name, unique initials or part of a name).
 */
export function PartnerPicker<T extends PartnerOption>(props: {
  id: string;
  /** The id of the no-JavaScript <datalist> of names. */
  datalistId: string;
  options: readonly T[];
  textName?: string;
  idName?: string;
  defaultText: string;
  defaultId: string;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  /** The partner the text now names (or null): prefill terms, load the customer's standing … */
  onPartner?: (partner: T | null) => void;
  testId: string;
  /** What the list is of, for screen readers (客户 / 供应商). */
  listLabel: string;
}) {
  const { options, onPartner } = props;
  const listId = useId();
  // Server render and first client render agree (datalist); once hydrated, our own list takes over.
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const [text, setText] = useState(props.defaultText);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const idRef = useRef<HTMLInputElement>(null);
  const lastId = useRef(props.defaultId);
  const matches = open ? partnersMatching(options, text) : [];
  const showList = open && matches.length > 0;

  function settle(next: string, partner: T | null) {
    setText(next);
    const id = partner ? String(partner.id) : "";
    if (idRef.current) idRef.current.value = id;
    if (id === lastId.current) return;
    lastId.current = id;
    onPartner?.(partner);
  }

  function pick(p: T) {
    settle(p.name, p);
    setOpen(false);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.nativeEvent.isComposing || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(0);
        return;
      }
      const n = matches.length;
      if (n) setActive((i) => (e.key === "ArrowDown" ? Math.min(i + 1, n - 1) : Math.max(i - 1, 0)));
    } else if (e.key === "Enter") {
      if (!showList) return;
      e.preventDefault();
      pick(matches[Math.min(active, matches.length - 1)]!);
    } else if (e.key === "Escape" && open) {
      e.stopPropagation();
      setOpen(false);
    }
  }

  const optionId = (i: number) => `${listId}-o${i}`;
  return (
    <div className={pp.wrap}>
      <input
        id={props.id}
        name={props.textName ?? "partnerText"}
        list={enhanced ? undefined : props.datalistId}
        value={text}
        placeholder={props.placeholder ?? "名称或拼音首字母"}
        autoComplete="off"
        maxLength={100}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={showList ? listId : undefined}
        aria-activedescendant={showList ? optionId(Math.min(active, matches.length - 1)) : undefined}
        aria-invalid={props.invalid ? true : undefined}
        aria-describedby={props.describedBy}
        onChange={(e) => {
          const v = e.currentTarget.value;
          settle(v, partnerNamedBy(options, v));
          setOpen(v.trim() !== "");
          setActive(0);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        data-testid={props.testId}
      />
      <input type="hidden" name={props.idName ?? "partnerId"} ref={idRef} defaultValue={props.defaultId} />
      {enhanced ? null : (
        <datalist id={props.datalistId}>
          {options.map((p) => (
            <option key={p.id} value={p.name}>
              {p.initial}
            </option>
          ))}
        </datalist>
      )}
      {showList ? (
        <ul id={listId} role="listbox" aria-label={props.listLabel} className={pp.list} data-testid={`${props.testId}-list`}>
          {matches.map((p, i) => (
            <li
              key={p.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={pp.option}
              data-partner={p.name}
              onMouseEnter={() => setActive(i)}
              // mousedown, not click: the input keeps the focus (its blur would close the list first).
              onMouseDown={(e) => {
                e.preventDefault();
                pick(p);
              }}
            >
              <span>{p.name}</span>
              <span className={pp.initial}>{p.initial}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
