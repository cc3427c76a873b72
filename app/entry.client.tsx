import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { applyDictionaryLabels, dictionaryLabelsOfPage } from "~/components/dictionary-labels.client";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// The labels 数据字典 renamed, as the server rendered the page with them (root loader), are
// applied before React renders anything, so hydration finds the same text. None: no wait.
const labels = dictionaryLabelsOfPage();
if (labels) void applyDictionaryLabels(labels).finally(hydrate);
else hydrate();
