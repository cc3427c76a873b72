import { useLocation, useNavigate, useBlocker } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { t } from "../../server/lib/i18n/zh-CN";

export interface Tab {
  url: string;
  name: string;
  /** The last query string seen on this tab, so coming back restores its filters. */
  query: string;
}

export const HOME_URL = "/home";
/** Spec 000 §2/§9: opening a tab when 12 or more are open shows a warning first (it does not forbid it). */
export const TAB_LIMIT = 12;

const storageKey = (userId: number) => `qp.tabs.${userId}`;

/**
 * The menu page a page belongs to: itself, or the longest menu URL it extends (/sale/order/55
 * belongs to /sale/order, /accounting/reconciliation/receipt to /accounting/reconciliation).
 * A page outside the role's menu (the profile, another role's pages) belongs to none.
 */
export function menuPageOf(known: Record<string, string>, pathname: string): string | undefined {
  if (known[pathname]) return pathname;
  let best: string | undefined;
  for (const url of Object.keys(known)) {
    if (url !== HOME_URL && pathname.startsWith(`${url}/`) && (!best || url.length > best.length)) best = url;
  }
  return best;
}

/** The name a page's tab shows: the menu's name, else the page's own title (a document: 销售订单 XS…). */
export function tabNameOf(known: Record<string, string>, pathname: string, title: string): string | undefined {
  if (known[pathname]) return known[pathname];
  const parent = menuPageOf(known, pathname);
  if (!parent) return undefined;
  const suffix = ` - ${t.app.name}`;
  const own = (title.endsWith(suffix) ? title.slice(0, -suffix.length) : title === t.app.name ? "" : title).trim();
  return own || known[parent];
}

/** Pure rules of the tab bar, shared by the hook and its unit test. */
export const tabRules = {
  initial(known: Record<string, string>, pathname: string, search: string): Tab[] {
    const tabs: Tab[] = [{ url: HOME_URL, name: known[HOME_URL] ?? "首页", query: "" }];
    if (pathname !== HOME_URL && known[pathname]) tabs.push({ url: pathname, name: known[pathname]!, query: search });
    return tabs;
  },
  /**
   * Stored tabs filtered to pages the role still has, Home first, no duplicates, and the
   * current page's tab kept. No count limit here: the limit only warns when opening, and the
   * known pages bound the list.
   */
  restore(stored: unknown, known: Record<string, string>, current: Tab[]): Tab[] {
    const out: Tab[] = [current[0]!];
    const seen = new Set([HOME_URL]);
    const list = Array.isArray(stored) ? stored : [];
    for (const s of [...list, ...current.slice(1)]) {
      const url = typeof s?.url === "string" ? s.url : "";
      // A document's tab keeps the name it was opened with, while its menu page is still the role's.
      const name = known[url] ?? (menuPageOf(known, url) && typeof s.name === "string" && s.name ? s.name.slice(0, 60) : undefined);
      if (!name || seen.has(url)) continue;
      seen.add(url);
      out.push({ url, name, query: typeof s.query === "string" && s.query.startsWith("?") ? s.query : "" });
    }
    return out;
  },
  /** The page's tab, added at the end if it is not open yet; an open tab remembers the new query and name. */
  open(tabs: Tab[], url: string, name: string, query: string): Tab[] {
    const i = tabs.findIndex((t) => t.url === url);
    if (i >= 0) {
      if (tabs[i]!.query === query && tabs[i]!.name === name) return tabs;
      const next = tabs.slice();
      next[i] = { ...tabs[i]!, name, query };
      return next;
    }
    return [...tabs, { url, name, query }];
  },
  /** Closing returns the new list and, when the active tab closed, where to go (the previous tab). */
  close(tabs: Tab[], url: string, activeUrl: string): { tabs: Tab[]; goTo?: Tab } {
    if (url === HOME_URL) return { tabs };
    const i = tabs.findIndex((t) => t.url === url);
    if (i < 0) return { tabs };
    const next = tabs.filter((t) => t.url !== url);
    return { tabs: next, goTo: url === activeUrl ? next[Math.max(0, i - 1)] : undefined };
  },
  /** 关闭其他: Home and the active tab stay. */
  closeOthers(tabs: Tab[], activeUrl: string): Tab[] {
    return tabs.filter((t) => t.url === HOME_URL || t.url === activeUrl);
  },
  /** 关闭全部: only Home stays; when the active page's tab closed, go Home. */
  closeAll(tabs: Tab[], activeUrl: string): { tabs: Tab[]; goTo?: Tab } {
    const home = tabs.find((t) => t.url === HOME_URL) ?? tabs[0]!;
    const closedActive = activeUrl !== HOME_URL && tabs.some((t) => t.url === activeUrl);
    return { tabs: [home], goTo: closedActive ? home : undefined };
  },
  /** Opening this page would add a tab while TAB_LIMIT or more are open: warn first. */
  wouldWarn(tabs: Tab[], known: Record<string, string>, nextPath: string) {
    return !!menuPageOf(known, nextPath) && !tabs.some((t) => t.url === nextPath) && tabs.length >= TAB_LIMIT;
  },
};

/**
 * The quick-tab bar: a tab per opened menu page, Home never closable, persisted per user in
 * localStorage so open tabs survive a reload. Navigation that would open a 13th (or later) tab
 * is held while the warning shows: 确定 lets it go on (the page opens as the active tab),
 * 取消 stays where the user was.
 */
export function useTabs(userId: number, known: Record<string, string>) {
  const location = useLocation();
  const navigate = useNavigate();
  const [tabs, setTabs] = useState<Tab[]>(() => tabRules.initial(known, location.pathname, location.search));
  const [restored, setRestored] = useState(false);

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

  // Every page of the role's menu gets a tab, however it was reached (menu, link in a page,
  // address bar): a menu page under its menu name, a document under its own title (the <title>
  // Remix has just rendered for it), so its tab reads XS202611270003, not the list it came from.
  useEffect(() => {
    const { pathname, search } = location;
    const name = tabNameOf(known, pathname, document.title);
    if (!name) return;
    setTabs((cur) => tabRules.open(cur, pathname, name, search));
  }, [location, known]);

  useEffect(() => {
    if (restored) localStorage.setItem(storageKey(userId), JSON.stringify(tabs));
  }, [tabs, restored, userId]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && tabRules.wouldWarn(tabs, known, nextLocation.pathname),
  );

  const close = useCallback(
    (url: string) => {
      const r = tabRules.close(tabs, url, location.pathname);
      setTabs(r.tabs);
      if (r.goTo) navigate(r.goTo.url + r.goTo.query);
    },
    [tabs, location.pathname, navigate],
  );
  const closeOthers = useCallback(() => setTabs(tabRules.closeOthers(tabs, location.pathname)), [tabs, location.pathname]);
  const closeAll = useCallback(() => {
    const r = tabRules.closeAll(tabs, location.pathname);
    setTabs(r.tabs);
    if (r.goTo) navigate(r.goTo.url + r.goTo.query);
  }, [tabs, location.pathname, navigate]);

  const active = useMemo(() => location.pathname, [location.pathname]);
  return {
    tabs,
    active,
    close,
    closeOthers,
    closeAll,
    /** The 12-tab warning is showing; the navigation waits for the answer. */
    tooMany: blocker.state === "blocked",
    proceedTooMany: () => blocker.proceed?.(),
    cancelTooMany: () => blocker.reset?.(),
    hydrated: restored,
  };
}
