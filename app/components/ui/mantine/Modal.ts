// One Mantine export from its own file (see ./README.md: never the @mantine/core barrel in first-load code).
import type * as M from "@mantine/core";
// @ts-expect-error: a file of the package (no types of its own; typed below)
import { Modal as Impl } from "../../../../node_modules/@mantine/core/esm/components/Modal/Modal.mjs";

export const Modal = Impl as typeof M.Modal;
