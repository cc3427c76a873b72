import { Link } from "@remix-run/react";
import type { DashboardCard } from "#server/home/dashboard.service";
import css from "./dashboard.module.css";

/**
 * The home page's figures for the signed-in role: each card is a plain link to the page where
 * the work waits (server-rendered, nothing needs JavaScript). A card with something waiting is
 * marked with the orange edge.
 */
export function DashboardCards({ cards }: { cards: DashboardCard[] }) {
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="dashboard-heading" data-testid="dashboard">
      <h2 id="dashboard-heading" className={css.heading}>
        工作台
      </h2>
      <div className={css.grid}>
        {cards.map((c) => (
          <div key={c.key} className={`${css.box} ${c.alert ? css.alert : ""}`} data-testid={`card-${c.key}`}>
            <Link to={c.href} prefetch="none" className={css.card} style={{ padding: 0, border: 0 }}>
              <span className={css.title}>{c.title}</span>
              <span className={css.value} data-testid="card-value">
                {c.value}
              </span>
              <span className={css.hint}>{c.hint}</span>
            </Link>
            {c.links?.length ? (
              <div className={css.links}>
                {c.links.map((l) => (
                  <Link key={l.href} to={l.href} prefetch="none">
                    {l.label} {l.value}
                  </Link>
                ))}
              </div>
            ) : null}
          </div>
        ))}
      </div>
    </section>
  );
}
