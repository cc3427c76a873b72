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
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const css = convertCssVariables(defaultCssVariablesResolver(merged), ":root");
  return `${css}
:root[data-mantine-color-scheme="dark"] { --mantine-color-scheme: dark; }
:root[data-mantine-color-scheme="light"] { --mantine-color-scheme: light; }`;
})();
