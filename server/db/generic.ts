import type { Executor } from "./client";

/**
 * drizzle's query builders are typed per table, so code that works on several tables of one
 * shape (the document kernel; the trade layer, whose sides hand it their tables) cannot name
 * them to the compiler. It queries through this view of the executor, whose builders take any
 * table: the one untyped door, instead of a cast at every call. The shapes are checked where
 * the tables are declared for it (the kernel's DocumentTable, the trade layer's Columns<…> types).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: the one untyped door
export type GenericExecutor = any;

export const generic = (ex: Executor): GenericExecutor => ex;
