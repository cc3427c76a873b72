import type { LabelOverrides } from "#server/reference/dictionary.labels";

/** The root loader's 数据字典 labels in the page's hydration data; undefined when there are none. */
export function dictionaryLabelsOfPage(): LabelOverrides | undefined {
  const context = (window as { __remixContext?: { state?: { loaderData?: Record<string, { dictLabels?: LabelOverrides } | null> } } }).__remixContext;
  const labels = context?.state?.loaderData?.root?.dictLabels;
  return labels && typeof labels === "object" && Object.keys(labels).length ? labels : undefined;
}

/**
 * Applies 数据字典's labels to the code's dictionaries in the browser. Loaded on demand: a page
 * with no renamed label loads none of it.
 */
export async function applyDictionaryLabels(labels: LabelOverrides): Promise<void> {
  try {
    const { applyLabelOverrides } = await import("#server/reference/dictionary.labels");
    applyLabelOverrides(labels);
  } catch {
    // A chunk that failed to load: the page shows the code's labels, as a page of the server would.
  }
}
