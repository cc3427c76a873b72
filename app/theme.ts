import { DEFAULT_THEME, convertCssVariables, createTheme, defaultCssVariablesResolver, mergeMantineTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "orange",
  primaryShade: { light: 7, dark: 6 },
  defaultRadius: "sm",
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif',
  fontSizes: { xs: "12px", sm: "13px", md: "14px", lg: "16px", xl: "18px" },
});

/**
 * The theme's CSS variables, computed once. MantineProvider would recompute them (every color
 * shade's contrast and luminance) on every server render.
 */
export const themeCssVariables = (() => {
  const ours = defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
  const base = defaultCssVariablesResolver(DEFAULT_THEME);
  // Only what differs from Mantine's stylesheet (which already holds the defaults), as Mantine itself does.
  const changed = (a: Record<string, string>, b: Record<string, string>) => Object.fromEntries(Object.entries(a).filter(([k, v]) => b[k] !== v));
  const css = convertCssVariables({ variables: changed(ours.variables, base.variables), light: changed(ours.light, base.light), dark: changed(ours.dark, base.dark) }, ":root");
  return `${css}
:root[data-mantine-color-scheme="dark"] { --mantine-color-scheme: dark; }
:root[data-mantine-color-scheme="light"] { --mantine-color-scheme: light; }`;
})();
