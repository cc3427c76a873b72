// One Mantine export from its own file (see ./README.md: never the @mantine/core barrel in first-load code).
import type * as M from "@mantine/core";
// @ts-expect-error: a file of the package (no types of its own; typed below)
import { createTheme as Impl } from "../../../../node_modules/@mantine/core/esm/core/MantineProvider/create-theme/create-theme.mjs";

export const createTheme = Impl as typeof M.createTheme;
