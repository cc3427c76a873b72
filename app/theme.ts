import { createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "orange",
  primaryShade: { light: 7, dark: 6 },
  defaultRadius: "sm",
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif',
  fontSizes: { xs: "12px", sm: "13px", md: "14px", lg: "16px", xl: "18px" },
});
