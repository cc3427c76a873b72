// One Mantine export from its own file (see ./README.md: never the @mantine/core barrel in first-load code).
import type * as M from "@mantine/core";
// @ts-expect-error: a file of the package (no types of its own; typed below)
import { mergeMantineTheme as Impl } from "../../../../node_modules/@mantine/core/esm/core/MantineProvider/merge-mantine-theme/merge-mantine-theme.mjs";

export const mergeMantineTheme = Impl as typeof M.mergeMantineTheme;
