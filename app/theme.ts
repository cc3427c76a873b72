import { DEFAULT_THEME } from "~/components/ui/mantine/DEFAULT_THEME";
import { convertCssVariables } from "~/components/ui/mantine/convertCssVariables";
import { createTheme } from "~/components/ui/mantine/createTheme";
import { defaultCssVariablesResolver } from "~/components/ui/mantine/defaultCssVariablesResolver";
import { mergeMantineTheme } from "~/components/ui/mantine/mergeMantineTheme";
import type { MantineColorsTuple } from "@mantine/core";

/**
 * Mantine's orange with darker shades 7–9, so that text on it and it as text reach WCAG AA
 * (4.5:1; checked by axe-core in every browser test). Mantine's own shade 7 (#f76707) under white
 * text gave 3.0:1. Shade 7 is the filled colour (buttons, the current menu item, links, light
 * buttons' text): #b93e0b is 5.6:1 under white and 4.8:1 on its own light tint; shade 8 (the
 * active tab's text on orange-0, hover) 6.4:1. Shades 0–6 stay Mantine's for tints and accents.
 */
const orange: MantineColorsTuple = ["#fff4e6", "#ffe8cc", "#ffd8a8", "#ffc078", "#ffa94d", "#ff922b", "#f76707", "#b93e0b", "#a0360a", "#862d08"];

/** Mantine's red with shade 7 (filled: 删除, 确定删除) at 5.4:1 under white instead of 3.8:1. */
const red: MantineColorsTuple = ["#fff5f5", "#ffe3e3", "#ffc9c9", "#ffa8a8", "#ff8787", "#ff6b6b", "#fa5252", "#c92a2a", "#b02525", "#962020"];

/** Grey hint text (c="dimmed"): Mantine's gray-6 #868e96 is 3.3:1 on white; this is 5.2:1 (4.7:1 on gray-1). */
const DIMMED = "#666e76";

export const theme = createTheme({
  primaryColor: "orange",
  primaryShade: { light: 7, dark: 6 },
  colors: { orange, red },
  defaultRadius: "sm",
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif',
  fontSizes: { xs: "12px", sm: "13px", md: "14px", lg: "16px", xl: "18px" },
});

/**
 * The theme's CSS variables, computed once. MantineProvider would recompute them (every color
 * shade's contrast and luminance) on every server render.
 */
export const themeCssVariables = (() => {
  const ours = defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
  ours.light["--mantine-color-dimmed"] = DIMMED;
  // Placeholders (the file input's 选择图片 too): gray-5 #adb5bd was 2.1:1; this is 4.5:1.
  ours.light["--mantine-color-placeholder"] = "#70777f";
  const base = defaultCssVariablesResolver(DEFAULT_THEME);
  // Only what differs from Mantine's stylesheet (which already holds the defaults), as Mantine itself does.
  const changed = (a: Record<string, string>, b: Record<string, string>) => Object.fromEntries(Object.entries(a).filter(([k, v]) => b[k] !== v));
  const css = convertCssVariables(
    { variables: changed(ours.variables, base.variables), light: changed(ours.light, base.light), dark: changed(ours.dark, base.dark) },
    ":root",
  );
  return `${css}
:root[data-mantine-color-scheme="dark"] { --mantine-color-scheme: dark; }
:root[data-mantine-color-scheme="light"] { --mantine-color-scheme: light; }`;
})();
