import fullCss from "@mantine/core/styles.css?url";
import shellCss from "~/styles/mantine-shell.css?url";

let loading: Promise<void> | undefined;

/**
 * Links Mantine's whole stylesheet, for the lazy chunks that render components the first load
 * does not (mantine-react-table, @mantine/dates, @mantine/charts, MultiSelect), and resolves
 * once it applies: `lazy(() => withMantineStyles(import("./X")))` shows nothing unstyled. The
 * link goes right after app/styles/mantine-shell.css, so the app's own stylesheets still come
 * after Mantine's and win as before.
 */
export function loadMantineStyles(): Promise<void> {
  if (typeof document === "undefined") return Promise.resolve();
  loading ??= new Promise<void>((resolve) => {
    if (document.querySelector(`link[rel="stylesheet"][href="${fullCss}"]`)) return resolve();
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = fullCss;
    link.onload = link.onerror = () => resolve();
    const shell = document.querySelector(`link[rel="stylesheet"][href="${shellCss}"]`);
    if (shell) shell.after(link);
    else document.head.prepend(link);
  });
  return loading;
}

/** A lazy chunk's import that resolves once Mantine's whole stylesheet applies too. */
export function withMantineStyles<T>(chunk: Promise<T>): Promise<T> {
  return Promise.all([chunk, loadMantineStyles()]).then(([m]) => m);
}
