// One Mantine export from its own file (see ./README.md: never the @mantine/core barrel in first-load code).
import type * as M from "@mantine/core";
// @ts-expect-error: a file of the package (no types of its own; typed below)
import { Card as Impl } from "../../../../node_modules/@mantine/core/esm/components/Card/Card.mjs";

export const Card = Impl as typeof M.Card;
