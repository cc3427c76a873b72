import { ActionIcon } from "~/components/ui/mantine/ActionIcon";
import { Alert } from "~/components/ui/mantine/Alert";
import { Button } from "~/components/ui/mantine/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { Form, Link, useFetcher, useLocation, useMatches } from "@remix-run/react";
import {
  IconChevronDown,
  IconKey,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
  IconMenu2,
  IconUserCircle,
  IconX,
} from "@tabler/icons-react";
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { t } from "../../../server/lib/i18n/zh-CN";
import { HOME_URL, useTabs } from "~/hooks/useTabs";
import { useDelegatedLinks } from "~/hooks/useDelegatedLinks";
import { ShortcutProvider } from "~/hooks/useShortcuts";
import type { Flash } from "#server/lib/flash";
import type { loadShell } from "#server/system/shell.service";
import { SideMenu } from "./SideMenu";
import { NavigationBar } from "./NavigationBar";
import { NotificationBell } from "./NotificationBell";
import classes from "./shell.module.css";

type ShellData = Awaited<ReturnType<typeof loadShell>> & { mini: boolean; flash: Flash | null };

const NAV_TOGGLE_ID = "qp-nav-toggle";

export function Shell({ data, children }: { data: ShellData; children: ReactNode }) {
  const location = useLocation();
  const known = useKnownTabs(data.tabbable);
  const tabs = useTabs(data.user.id, known);
  const [mini, setMini] = useState(data.mini);
  const toggleRef = useRef<HTMLInputElement>(null);
  const tabbarRef = useRef<HTMLElement>(null);
  const onLinkClick = useDelegatedLinks();
  const pageTitle = usePageTitle(known);
  useActiveTabInView(tabbarRef, tabs.active, tabs.tabs.length);

  // The floating drawer (narrow screens) closes once a page is chosen.
  useEffect(() => {
    if (toggleRef.current) toggleRef.current.checked = false;
  }, [location.pathname]);

  return (
    <ShortcutProvider>
      <div className={classes.shell} data-mini={mini || undefined}>
        {/* The first thing Tab reaches: past the menu and the tab bar to the page itself. */}
        <a href="#main" className={classes.skipLink} data-testid="skip-link">
          {t.shell.skipToMain}
        </a>
        <aside className={classes.drawer} data-testid="drawer">
          <Link to={HOME_URL} className={classes.brand} prefetch="none" aria-label={t.app.name}>
            <img src="/favicon.svg" alt="" />
            <span className={classes.brandText}>{t.app.name}</span>
          </Link>
          <UserBlock data={data} />
          <SideMenu tree={data.menu} pathname={location.pathname} />
          <div className={classes.drawerFoot}>
            <PinToggle mini={mini} onChange={setMini} />
          </div>
        </aside>
        <label htmlFor={NAV_TOGGLE_ID} className={classes.backdrop} aria-hidden />
        <div className={classes.main}>
          <header className={classes.topbar}>
            <NavigationBar label={t.shell.loadingPage} />
            {/* Inside the banner landmark, before the button it drives (shell.module.css opens the drawer with :has()). */}
            <input type="checkbox" id={NAV_TOGGLE_ID} className={classes.navToggle} ref={toggleRef} aria-label={t.shell.menu} />
            <label htmlFor={NAV_TOGGLE_ID} className={classes.menuButton} title={t.shell.menu} data-testid="menu-button">
              <IconMenu2 size={20} aria-hidden />
              <span className="visually-hidden">{t.shell.menu}</span>
            </label>
            <nav className={classes.tabs} aria-label="已打开的页面" data-testid="tabbar" onClick={onLinkClick} ref={tabbarRef}>
              {tabs.tabs.map((tab) => (
                <div key={tab.url} className={classes.tab} data-active={tab.url === tabs.active || undefined} data-url={tab.url}>
                  <a href={tab.url + tab.query} className={classes.tabLink}>
                    {tab.url === HOME_URL ? t.shell.home : tab.name}
                  </a>
                  {tab.url !== HOME_URL && tabs.hydrated ? (
                    <button type="button" className={classes.tabClose} aria-label={`${t.shell.closeTab} ${tab.name}`} onClick={() => tabs.close(tab.url)}>
                      <IconX size={12} aria-hidden />
                    </button>
                  ) : null}
                </div>
              ))}
            </nav>
            {tabs.hydrated ? <TabActions tabs={tabs} /> : null}
            <div className={classes.actions}>
              {data.canSalesBilling ? (
                <Button component={Link} to="/sale/orderCreate" size="xs" prefetch="none" data-testid="sales-billing">
                  {t.shell.salesBilling}
                </Button>
              ) : null}
              {data.canPurchaseBilling ? (
                <Button component={Link} to="/purchase/orderCreate" size="xs" variant="light" prefetch="none" data-testid="purchase-billing">
                  {t.shell.purchaseBilling}
                </Button>
              ) : null}
              <NotificationBell unread={data.unreadNotifications} />
            </div>
          </header>
          <main className={classes.content} id="main" tabIndex={-1}>
            <h1 className="visually-hidden" data-testid="page-title">
              {pageTitle}
            </h1>
            {data.flash ? (
              <Alert
                key={location.key}
                color={data.flash.type === "error" ? "red" : data.flash.type === "info" ? "blue" : "green"}
                mb="sm"
                withCloseButton={false}
                data-testid="flash"
              >
                {data.flash.message}
              </Alert>
            ) : null}
            {children}
          </main>
        </div>
      </div>
      {/* A warning, not a wall: 确定 opens the page (as the active tab), 取消 / Esc stays. */}
      <ConfirmDialog
        opened={tabs.tooMany}
        onCancel={tabs.cancelTooMany}
        title={t.shell.tabsTooManyTitle}
        data-testid="tabs-warning"
        actions={
          <>
            <Button variant="default" onClick={tabs.cancelTooMany} data-testid="tabs-warning-cancel">
              {t.common.cancel}
            </Button>
            <Button onClick={tabs.proceedTooMany} data-autofocus data-testid="tabs-warning-ok">
              {t.common.ok}
            </Button>
          </>
        }
      >
        {t.shell.tabsTooMany}
      </ConfirmDialog>
    </ShortcutProvider>
  );
}

/**
 * The page's <h1> (one per page, visually hidden: the active tab already names the page): a
 * route's `handle.pageTitle`, else the menu's name for the URL, else the application's name.
 */
function usePageTitle(known: Record<string, string>) {
  const matches = useMatches();
  const location = useLocation();
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i]!.handle as { pageTitle?: string } | undefined)?.pageTitle;
    if (title) return title;
  }
  return known[location.pathname] ?? t.app.name;
}

/** Home is always a known tab; the rest comes from the role's menu (stable identity). */
function useKnownTabs(tabbable: Record<string, string>) {
  const ref = useRef<Record<string, string>>();
  const key = JSON.stringify(tabbable);
  const last = useRef("");
  if (last.current !== key) {
    last.current = key;
    ref.current = { [HOME_URL]: t.shell.home, ...tabbable };
  }
  return ref.current!;
}

/**
 * 关闭其他 / 关闭全部 (Home always stays). Needs JavaScript, like the tabs' close buttons.
 * A small menu of our own rather than Mantine's Menu, whose positioning library would add
 * about 15 KB gzip to every page for two buttons.
 */
function TabActions({ tabs }: { tabs: ReturnType<typeof useTabs> }) {
  const closable = tabs.tabs.filter((tab) => tab.url !== HOME_URL);
  const others = closable.filter((tab) => tab.url !== tabs.active);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    box.current?.querySelector<HTMLButtonElement>("[role=menuitem]:not(:disabled)")?.focus();
    const outside = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", outside);
    return () => document.removeEventListener("mousedown", outside);
  }, [open]);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "Escape") {
      e.stopPropagation();
      close();
    } else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const items = [...(box.current?.querySelectorAll<HTMLButtonElement>("[role=menuitem]:not(:disabled)") ?? [])];
      const at = items.indexOf(document.activeElement as HTMLButtonElement);
      items[(at + (e.key === "ArrowDown" ? 1 : items.length - 1)) % items.length]?.focus();
    }
  };
  const run = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  return (
    <div ref={box} className={classes.tabMenu} onKeyDown={onKeyDown}>
      <ActionIcon
        ref={toggle}
        variant="subtle"
        color="gray"
        size={30}
        aria-label={t.shell.tabActions}
        title={t.shell.tabActions}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="tab-actions"
      >
        <IconChevronDown size={16} aria-hidden />
      </ActionIcon>
      {open && (
        <div role="menu" aria-label={t.shell.tabActions} className={classes.tabMenuList}>
          <button type="button" role="menuitem" onClick={run(tabs.closeOthers)} disabled={others.length === 0} data-testid="tabs-close-others">
            {t.shell.closeOthers}
          </button>
          <button type="button" role="menuitem" onClick={run(tabs.closeAll)} disabled={closable.length === 0} data-testid="tabs-close-all">
            {t.shell.closeAll}
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * Keeps the active tab inside the visible part of the scrolling tab strip (it never ends up
 * scrolled away behind the top-bar buttons), after every page change and tab list change.
 */
function useActiveTabInView(ref: RefObject<HTMLElement>, active: string, count: number) {
  useEffect(() => {
    const nav = ref.current;
    const tab = nav?.querySelector<HTMLElement>("[data-active]");
    if (!nav || !tab) return;
    // A little of the neighbour shows too, so it is clear that the strip scrolls (whole pixels: scrollLeft rounds).
    const margin = 24;
    const n = nav.getBoundingClientRect();
    const r = tab.getBoundingClientRect();
    if (r.left < n.left) nav.scrollLeft -= Math.ceil(n.left - r.left + margin);
    else if (r.right > n.right) nav.scrollLeft += Math.ceil(r.right - n.right + margin);
  }, [ref, active, count]);
}

function UserBlock({ data }: { data: ShellData }) {
  const location = useLocation();
  const here = location.pathname + location.search;
  const initial = data.user.name.slice(-2);
  return (
    <div className={classes.userBlock}>
      <div className={classes.userRow}>
        {/* Plain markup instead of Mantine's Avatar: its file (with AvatarGroup) was 1.8 KB gzip on every page's first load. */}
        <span className={classes.avatar} title={data.user.name}>
          {initial}
          {data.user.avatarVersion ? <img src={`/avatar/${data.user.id}?v=${data.user.avatarVersion}`} alt={data.user.name} /> : null}
        </span>
        <div className={classes.userText}>
          <div className={classes.userName} data-testid="user-name">
            {data.user.name}
          </div>
          <div className={classes.company} title={data.company.name} data-testid="company-name">
            {data.company.shortName || data.company.name}
          </div>
        </div>
      </div>
      <div className={classes.iconRow}>
        <Link to="/profile?actab=0" className={classes.iconBtn} aria-label={t.shell.profile} title={t.shell.profile} prefetch="none">
          <IconUserCircle size={18} aria-hidden />
        </Link>
        <Link to="/profile?actab=1" className={classes.iconBtn} aria-label={t.shell.changePassword} title={t.shell.changePassword} prefetch="none">
          <IconKey size={18} aria-hidden />
        </Link>
        <Form method="post" action="/logout" reloadDocument>
          <button type="submit" className={classes.iconBtn} aria-label={t.shell.logout} title={t.shell.logout} data-testid="logout">
            <IconLogout size={18} aria-hidden />
          </button>
        </Form>
      </div>
      {data.companies.length > 1 ? (
        <Form method="post" action="/company/switch" className={classes.switchForm} reloadDocument>
          <input type="hidden" name="redirectTo" value={here} />
          <select name="companyId" defaultValue={data.company.id} aria-label={t.shell.switchCompany} data-testid="company-select">
            {data.companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.shortName || c.name}
              </option>
            ))}
          </select>
          <button type="submit">{t.shell.switchTo}</button>
        </Form>
      ) : null}
    </div>
  );
}

/** Mini/full drawer: a real form (works without JS); with JS, a fetcher and no reload. */
function PinToggle({ mini, onChange }: { mini: boolean; onChange: (mini: boolean) => void }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const next = mini ? "full" : "mini";
  return (
    <fetcher.Form method="post" action="/preferences/nav" className={classes.pinForm} onSubmit={() => onChange(!mini)}>
      <input type="hidden" name="nav" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" className={classes.pinButton} data-testid="pin-toggle" aria-pressed={!mini} title={mini ? t.shell.pin : t.shell.unpin}>
        {mini ? <IconLayoutSidebarLeftExpand size={20} aria-hidden /> : <IconLayoutSidebarLeftCollapse size={20} aria-hidden />}
        <span className={classes.pinLabel}>{mini ? t.shell.pin : t.shell.unpin}</span>
      </button>
    </fetcher.Form>
  );
}
