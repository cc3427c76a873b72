import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";

/** Keyboard flags of spec 000 §2/§3: pages read and clear them (tkey, qkey, akey, enter, ctrlEnter, escape). */
export type ShortcutFlag = "tkey" | "qkey" | "akey" | "enter" | "ctrlEnter" | "escape";
type Flags = Record<ShortcutFlag, number>;

const EMPTY: Flags = { tkey: 0, qkey: 0, akey: 0, enter: 0, ctrlEnter: 0, escape: 0 };
const ShortcutContext = createContext<{ flags: Flags; clear: (f: ShortcutFlag) => void }>({ flags: EMPTY, clear: () => {} });

const KEY_FLAGS: Record<string, ShortcutFlag> = { Enter: "enter", a: "akey", q: "qkey", t: "tkey" };

/**
 * One keydown listener for the whole shell. Escape blurs the focused element. With focus on
 * the page body and no modifier, Enter/a/q/t set their flag; Ctrl+Enter sets ctrlEnter.
 * A flag holds the time it was set (0 = clear), so repeated presses are seen as new.
 */
export function ShortcutProvider({ children }: { children: ReactNode }) {
  const [flags, setFlags] = useState<Flags>(EMPTY);
  const set = useRef((f: ShortcutFlag) => setFlags((cur) => ({ ...cur, [f]: Date.now() })));
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        const el = document.activeElement as HTMLElement | null;
        if (el && el !== document.body) el.blur();
        set.current("escape");
        return;
      }
      if (e.key === "Enter" && e.ctrlKey && !e.altKey && !e.metaKey) {
        set.current("ctrlEnter");
        return;
      }
      if (e.ctrlKey || e.altKey || e.metaKey || e.shiftKey) return;
      const onBody = !document.activeElement || document.activeElement === document.body;
      const flag = KEY_FLAGS[e.key];
      if (onBody && flag) set.current(flag);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  const value = useMemo(() => ({ flags, clear: (f: ShortcutFlag) => setFlags((cur) => ({ ...cur, [f]: 0 })) }), [flags]);
  return <ShortcutContext.Provider value={value}>{children}</ShortcutContext.Provider>;
}

export function useShortcuts() {
  return useContext(ShortcutContext);
}
