import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";

/**
 * Keyboard flags of spec 000 §2/§3 (tkey, qkey, akey, enter, ctrlEnter, escape), plus `del`
 * for the Delete key. Pages read them, or register a handler with `useShortcut`.
 */
export type ShortcutFlag = "tkey" | "qkey" | "akey" | "enter" | "ctrlEnter" | "escape" | "del";
type Flags = Record<ShortcutFlag, number>;
/** Returns true when it acted on the key: the key's default action (typing, clicking) is then cancelled. */
export type ShortcutHandler = (e: KeyboardEvent) => boolean | void;

const EMPTY: Flags = { tkey: 0, qkey: 0, akey: 0, enter: 0, ctrlEnter: 0, escape: 0, del: 0 };
type Registry = Map<ShortcutFlag, Set<{ current: ShortcutHandler }>>;
const ShortcutContext = createContext<{ flags: Flags; clear: (f: ShortcutFlag) => void; registry: Registry | null }>({
  flags: EMPTY,
  clear: () => {},
  registry: null,
});

const KEY_FLAGS: Record<string, ShortcutFlag> = { Enter: "enter", a: "akey", q: "qkey", t: "tkey", Delete: "del" };
const TYPING = "input, textarea, select, [contenteditable=''], [contenteditable='true']";
/** Elements whose own Enter/Space means something (follow, press, open). */
const ACTIVATABLE = "a[href], button, summary, [role='button'], [role='menuitem'], [role='tab'], label";

/**
 * Whether a key press is "on the page body" (spec 000 §2): no field takes the typing, no
 * link or button takes the Enter, and no modal dialog is open. Focus on the list grid (a
 * focusable table) still counts as the page body, so after clicking a row the keys work.
 */
export function isOnPageBody(active: Element | null, key: string, doc: Document = document) {
  if (doc.querySelector("[aria-modal='true']")) return false;
  if (!active || active === doc.body || active === doc.documentElement) return true;
  if (active.closest(TYPING)) return false;
  if (key === "Enter" && active.closest(ACTIVATABLE)) return false;
  return true;
}

/**
 * One keydown listener for the whole shell. Escape blurs the focused element. On the page
 * body with no modifier, Enter/a/q/t (and Delete) set their flag and run the handlers pages
 * registered; Ctrl+Enter sets ctrlEnter. A flag holds the time it was set (0 = clear), so
 * repeated presses are seen as new. Keys another handler already took (defaultPrevented,
 * e.g. Enter in the grid, Esc in a dialog) and keys of an IME composition are left alone.
 */
export function ShortcutProvider({ children }: { children: ReactNode }) {
  const [flags, setFlags] = useState<Flags>(EMPTY);
  const registry = useRef<Registry>(new Map());
  useEffect(() => {
    const set = (f: ShortcutFlag) => setFlags((cur) => ({ ...cur, [f]: Date.now() }));
    const run = (f: ShortcutFlag, e: KeyboardEvent) => {
      set(f);
      for (const h of [...(registry.current.get(f) ?? [])].reverse()) {
        if (h.current(e)) {
          e.preventDefault();
          return;
        }
      }
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || e.keyCode === 229) return;
      if (e.key === "Escape") {
        const el = document.activeElement as HTMLElement | null;
        if (el && el !== document.body) el.blur();
        run("escape", e);
        return;
      }
      if (e.key === "Enter" && e.ctrlKey && !e.altKey && !e.metaKey) {
        run("ctrlEnter", e);
        return;
      }
      if (e.ctrlKey || e.altKey || e.metaKey || e.shiftKey) return;
      const flag = KEY_FLAGS[e.key];
      if (flag && isOnPageBody(document.activeElement, e.key)) run(flag, e);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  const value = useMemo(() => ({ flags, clear: (f: ShortcutFlag) => setFlags((cur) => ({ ...cur, [f]: 0 })), registry: registry.current }), [flags]);
  return <ShortcutContext.Provider value={value}>{children}</ShortcutContext.Provider>;
}

export function useShortcuts() {
  return useContext(ShortcutContext);
}

/**
 * Runs `handler` when the shortcut's key is pressed on the page body (the latest registered
 * handler first). The handler sees the page's current state: it is read at key time.
 */
export function useShortcut(flag: ShortcutFlag, handler: ShortcutHandler) {
  const { registry } = useContext(ShortcutContext);
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!registry) return;
    const set = registry.get(flag) ?? new Set();
    registry.set(flag, set);
    set.add(ref);
    return () => {
      set.delete(ref);
    };
  }, [registry, flag]);
}
