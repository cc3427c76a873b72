import { lazy, Suspense, useEffect, useState } from "react";
import type { RegionProvince } from "#server/system/business-area.page";
import type { RegionPickerProps } from "./region-picker.types";
import areas from "./areas.module.css";
import { withMantineStyles } from "~/components/ui/mantine/full-styles";

export type { RegionPickerProps } from "./region-picker.types";

/**
 * 商圈's covered areas in its form. Without JavaScript (and until the page has hydrated): every
 * province as a plain <details> that opens to its cities, each a checkbox posting one
 * `regionCodes` field (整个省份 is a box too); provinces with something chosen start open. With
 * JavaScript a searchable multi-select (a lazy chunk) takes their place and posts the same field,
 * the codes comma-separated. The action reads both the same way.
 */
const RegionMultiSelect = lazy(() => withMantineStyles(import("./RegionMultiSelect.lazy")));

export function RegionPicker(props: RegionPickerProps) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const boxes = <RegionCheckboxes {...props} />;
  if (!hydrated) return boxes;
  return (
    <Suspense fallback={boxes}>
      <RegionMultiSelect {...props} />
    </Suspense>
  );
}

export function RegionCheckboxes({ label, hint, choices, others, selected, error }: RegionPickerProps) {
  const chosen = new Set(selected);
  const pickedIn = (p: RegionProvince) => [p.code, ...p.cities.map((c) => c.code)].filter((c) => chosen.has(c)).length;
  // Provinces with something chosen come first (and open), so what the row covers is in view.
  const provinces = [...choices.filter((p) => pickedIn(p) > 0), ...choices.filter((p) => pickedIn(p) === 0)];
  const names = new Map<string, string>([
    ...choices.flatMap((p) => [[p.code, `整个${p.name}`] as const, ...p.cities.map((c) => [c.code, c.name] as const)]),
    ...others.map((o) => [o.code, o.path] as const),
  ]);
  const summary = selected.map((c) => names.get(c) ?? c).join("、");
  return (
    <div
      className={areas.regions}
      role="group"
      aria-labelledby="regions-label"
      aria-describedby={error ? "regions-error" : "regions-hint"}
      data-testid="region-boxes"
    >
      <span id="regions-label" className={areas.regionsLabel}>
        {label}
      </span>
      {summary ? (
        <div className={areas.hint} data-testid="region-summary">
          已选：{summary}
        </div>
      ) : null}
      <div className={areas.regionBox}>
        {provinces.map((p) => {
          const picked = pickedIn(p);
          return (
            <details key={p.code} open={picked > 0}>
              <summary>
                {p.name}
                {picked ? <span className={areas.picked}>已选 {picked}</span> : null}
              </summary>
              <div className={areas.regionCities}>
                <label className={areas.whole}>
                  <input type="checkbox" name="regionCodes" value={p.code} defaultChecked={chosen.has(p.code)} />
                  整个{p.name}
                </label>
                {p.cities.map((c) => (
                  <label key={c.code}>
                    <input type="checkbox" name="regionCodes" value={c.code} defaultChecked={chosen.has(c.code)} />
                    {c.name}
                  </label>
                ))}
              </div>
            </details>
          );
        })}
        {others.length ? (
          <details open>
            <summary>其他已选区域</summary>
            <div className={areas.regionCities}>
              {others.map((o) => (
                <label key={o.code} className={areas.whole}>
                  <input type="checkbox" name="regionCodes" value={o.code} defaultChecked />
                  {o.path}
                </label>
              ))}
            </div>
          </details>
        ) : null}
      </div>
      {error ? (
        <div id="regions-error" className={areas.error} role="alert">
          {error}
        </div>
      ) : (
        <div id="regions-hint" className={areas.hint}>
          {hint}
        </div>
      )}
    </div>
  );
}
