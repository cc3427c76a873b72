import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import css from "./navigation-bar.module.css";

/**
 * The thin orange bar at the top while a page loads (spec 000 §9: shown only after 200 ms, so
 * fast pages show none; it creeps towards the end over 5 s and completes when the page is
 * there). Our own twenty lines instead of @mantine/nprogress, whose import of the @mantine/core
 * barrel put every Mantine component into the first load of every page.
 */
export function NavigationBar({ label }: { label: string }) {
  const busy = useNavigation().state !== "idle";
  const [phase, setPhase] = useState<"idle" | "running" | "done">("idle");
  useEffect(() => {
    if (busy) {
      const id = setTimeout(() => setPhase("running"), 200);
      return () => clearTimeout(id);
    }
    setPhase((p) => (p === "running" ? "done" : "idle"));
  }, [busy]);
  useEffect(() => {
    if (phase !== "done") return;
    const id = setTimeout(() => setPhase("idle"), 400);
    return () => clearTimeout(id);
  }, [phase]);
  if (phase === "idle") return null;
  return (
    <div className={css.track} role="progressbar" aria-label={label} aria-busy={phase === "running"}>
      <div className={css.bar} data-phase={phase} />
    </div>
  );
}
