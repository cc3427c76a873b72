import { eq } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { applyLabelOverrides, overridesFrom } from "./dictionary.labels";
import { dictItems, dictTypes } from "./reference.tables";

/**
 * The labels every page shows: 数据字典's labels of the product's own dictionaries, applied to
 * the code's dictionary arrays (dictionary.labels.ts) of this process.
 */

/** How old the applied labels may be before a request reads them again (another instance's edit shows within this). */
export const DICTIONARY_LABELS_TTL_MS = 15_000;
let labelsReadAt = 0;
let labelsReading: Promise<void> | null = null;
/** Reads are numbered as they start; one that finishes after a later one has applied is dropped (it would put back older labels). */
let readsStarted = 0;
let readApplied = 0;

/**
 * Reads the built-in dictionaries' labels from the database and applies them to the code's
 * dictionary arrays (dictionary.labels.ts). Done after the operator edits an item on this
 * instance, and by ensureDictionaryLabels on the others.
 */
export async function refreshDictionaryLabels(ex: Executor = db()): Promise<void> {
  const ticket = ++readsStarted;
  const rows = await ex
    .select({ code: dictTypes.code, value: dictItems.value, label: dictItems.label })
    .from(dictItems)
    .innerJoin(dictTypes, eq(dictTypes.id, dictItems.typeId))
    .where(eq(dictTypes.isBuiltin, true));
  if (ticket < readApplied) return;
  readApplied = ticket;
  applyLabelOverrides(overridesFrom(rows));
  labelsReadAt = Date.now();
}

/**
 * Every signed-in request and the root loader call this: the labels are read at most once per
 * DICTIONARY_LABELS_TTL_MS (one small query), by one request at a time. A failed read keeps
 * the labels applied before (the page still renders) and is tried again on the next request.
 */
export async function ensureDictionaryLabels(): Promise<void> {
  if (Date.now() - labelsReadAt < DICTIONARY_LABELS_TTL_MS) return;
  labelsReading ??= refreshDictionaryLabels()
    .catch((e) => console.error(`[dictionary] 读取数据字典失败：${e instanceof Error ? e.message : String(e)}`))
    .finally(() => {
      labelsReading = null;
    });
  await labelsReading;
}
