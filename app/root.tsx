import mantineShell from "~/styles/mantine-shell.css?url";
import { ColorSchemeScript } from "~/components/ui/mantine/ColorSchemeScript";
import { MantineProvider } from "~/components/ui/mantine/MantineProvider";
import { json, type LinksFunction, type MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { StandaloneErrorPage, describeRouteError } from "~/components/ErrorPage";
import { t } from "../server/lib/i18n/zh-CN";
import { theme, themeCssVariables } from "~/theme";
import { useNonce } from "~/components/nonce";
import appCss from "~/styles/app.css?url";
import { appliedLabelOverrides, ensureDictionaryLabels } from "~/server/system.server";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: mantineShell },
  { rel: "stylesheet", href: appCss },
];

export const meta: MetaFunction = () => [{ title: t.app.name }];

/**
 * 数据字典's labels as this server renders the page with them; app/entry.client.tsx applies
 * them before hydrating, so the browser renders alike (usually none: nothing is loaded then).
 */
export async function loader() {
  await ensureDictionaryLabels();
  return json({ dictLabels: appliedLabelOverrides() });
}

/** Never read again: the labels are the page load's (数据字典's own page applies a change it makes). */
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export function Layout({ children }: { children: ReactNode }) {
  // Every inline script carries the response's CSP nonce (server/http.ts sets the policy).
  const nonce = useNonce();
  return (
    <html lang="zh-CN" data-mantine-color-scheme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <ColorSchemeScript defaultColorScheme="light" nonce={nonce} />
        <style data-mantine-styles dangerouslySetInnerHTML={{ __html: themeCssVariables }} />
      </head>
      <body>
        <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false}>
          {children}
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document as hydrated once every effect of the first render has run (React runs a
  // parent's effects after its children's). Browser tests wait for it before they click.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { status, message } = describeRouteError(error);
  // In the browser only: on the server handleError has logged it without user data.
  if (typeof document !== "undefined" && !isRouteErrorResponse(error)) console.error(error);
  return <StandaloneErrorPage status={status} message={message} />;
}
