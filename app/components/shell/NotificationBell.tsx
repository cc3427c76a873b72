import { Link } from "@remix-run/react";
import { IconBell } from "@tabler/icons-react";
import css from "./notification-bell.module.css";

/**
 * The top bar's bell: a plain link to /notifications with the signed-in user's unread count
 * (from the shell loader; 99+ beyond 99), the same with and without JavaScript.
 */
export function NotificationBell({ unread }: { unread: number }) {
  const shown = unread > 99 ? "99+" : String(unread);
  const label = unread ? `消息通知（${shown} 条未读）` : "消息通知";
  return (
    <Link to="/notifications" className={css.bell} prefetch="none" aria-label={label} title={label} data-testid="notification-bell">
      <IconBell size={20} aria-hidden />
      {unread ? (
        <span className={css.count} aria-hidden data-testid="notification-count">
          {shown}
        </span>
      ) : null}
    </Link>
  );
}
