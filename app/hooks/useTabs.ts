import { useLocation, useNavigate, useBlocker } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useState } from "react";

export interface Tab {
  url: string;
  name: string;
  /** The last query string seen on this tab, so coming back restores its filters. */
  query: string;
}

export const HOME_URL = "/home";
/** Spec 000 §2/§9: opening a tab when 12 or more are open shows the warning instead. */
export const TAB_LIMIT = 12;

const storageKey = (userId: number) => `qp.tabs.${userId}`;

/** Pure rules of the tab bar, shared by the hook and its unit test. */
export const tabRules = {
  initial(known: Record<string, string>, pathname: string, search: string): Tab[] {
    const tabs: Tab[] = [{ url: HOME_URL, name: known[HOME_URL] ?? "首页", query: "" }];
    if (pathname !== HOME_URL && known[pathname]) tabs.push({ url: pathname, name: known[pathname]!, query: search });
    return tabs;
  },
  /** Stored tabs filtered to pages the role still has, Home first, no duplicates. */
  restore(stored: unknown, known: Record<string, string>, current: Tab[]): Tab[] {
    const out: Tab[] = [current[0]!];
    const seen = new Set([HOME_URL]);
    const list = Array.isArray(stored) ? stored : [];
    for (const s of [...list, ...current.slice(1)]) {
      const url = typeof s?.url === "string" ? s.url : "";
      if (!known[url] || seen.has(url) || out.length >= TAB_LIMIT) continue;
      seen.add(url);
      out.push({ url, name: known[url]!, query: typeof s.query === "string" && s.query.startsWith("?") ? s.query : "" });
    }
    return out;
  },
  open(tabs: Tab[], url: string, name: string, query: string): { tabs: Tab[]; blocked: boolean } {
    const i = tabs.findIndex((t) => t.url === url);
    if (i >= 0) {
      if (tabs[i]!.query === query) return { tabs, blocked: false };
      const next = tabs.slice();
      next[i] = { ...tabs[i]!, query };
      return { tabs: next, blocked: false };
    }
    if (tabs.length >= TAB_LIMIT) return { tabs, blocked: true };
    return { tabs: [...tabs, { url, name, query }], blocked: false };
  },
  /** Closing returns the new list and, when the active tab closed, where to go (the previous tab). */
  close(tabs: Tab[], url: string, activeUrl: string): { tabs: Tab[]; goTo?: Tab } {
    if (url === HOME_URL) return { tabs };
    const i = tabs.findIndex((t) => t.url === url);
    if (i < 0) return { tabs };
    const next = tabs.filter((t) => t.url !== url);
    return { tabs: next, goTo: url === activeUrl ? next[Math.max(0, i - 1)] : undefined };
  },
  wouldBlock(tabs: Tab[], known: Record<string, string>, nextPath: string) {
    return !!known[nextPath] && !tabs.some((t) => t.url === nextPath) && tabs.length >= TAB_LIMIT;
  },
};

/**
 * The quick-tab bar: a tab per opened menu page, Home never closable, persisted per user in
 * localStorage so open tabs survive a reload; navigation that would open a 13th tab is held
 * back and reported through `tooMany`.
 */
export function useTabs(userId: number, known: Record<string, string>) {
  const location = useLocation();
  const navigate = useNavigate();
  const [tabs, setTabs] = useState<Tab[]>(() => tabRules.initial(known, location.pathname, location.search));
  const [restored, setRestored] = useState(false);
  const [tooMany, setTooMany] = useState(false);

  useEffect(() => {
    let stored: unknown;
    try {
      stored = JSON.parse(localStorage.getItem(storageKey(userId)) ?? "[]");
    } catch {
      stored = [];
    }
    setTabs((cur) => tabRules.restore(stored, known, cur));
    setRestored(true);
    // Only on mount / user change: later changes flow through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  useEffect(() => {
    const { pathname, search } = location;
    if (!known[pathname]) return;
    setTabs((cur) => {
      const r = tabRules.open(cur, pathname, known[pathname]!, search);
      return r.tabs;
    });
  }, [location, known]);

  useEffect(() => {
    if (restored) localStorage.setItem(storageKey(userId), JSON.stringify(tabs));
  }, [tabs, restored, userId]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && tabRules.wouldBlock(tabs, known, nextLocation.pathname),
  );
  useEffect(() => {
    if (blocker.state === "blocked") {
      blocker.reset();
      setTooMany(true);
    }
  }, [blocker]);

  const close = useCallback(
    (url: string) => {
      const r = tabRules.close(tabs, url, location.pathname);
      setTabs(r.tabs);
      if (r.goTo) navigate(r.goTo.url + r.goTo.query);
    },
    [tabs, location.pathname, navigate],
  );

  const active = useMemo(() => location.pathname, [location.pathname]);
  return { tabs, active, close, tooMany, dismissTooMany: () => setTooMany(false), hydrated: restored };
}
