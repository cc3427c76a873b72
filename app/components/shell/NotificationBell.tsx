import { Link } from "@remix-run/react";
import { IconBell } from "@tabler/icons-react";
import css from "./notification-bell.module.css";

/**
 * The top bar's bell: a plain link to /notifications with the signed-in user's unread count
 * (from the shell loader; 99+ beyond 99), the same with and without JavaScript. Its name is
 * its content (消息通知 3 条未读), so the number a user sees is part of what a screen reader says.
 */
export function NotificationBell({ unread }: { unread: number }) {
  const shown = unread > 99 ? "99+" : String(unread);
  return (
    <Link to="/notifications" className={css.bell} prefetch="none" title={unread ? `消息通知（${shown} 条未读）` : "消息通知"} data-testid="notification-bell">
      <IconBell size={20} aria-hidden />
      <span className="visually-hidden">消息通知</span>
      {unread ? (
        <>
          <span className={css.count} data-testid="notification-count">
            {shown}
          </span>
          <span className="visually-hidden">条未读</span>
        </>
      ) : null}
    </Link>
  );
}
