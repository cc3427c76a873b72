import { MantineProvider } from "@mantine/core";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { FormSpec } from "#server/lib/form-spec";
import { FormFields } from "./ResourceForm";

/** Issue 7 item 19: money reads ￥1,234.50 in read-only form fields too, and the form still posts the stored value. */
describe("read-only money in forms", () => {
  it("shows ￥1,234.50 and posts the stored decimal text", () => {
    const spec: FormSpec = { priceSale: { label: "销售价", kind: "money", required: false }, priceCost: { label: "成本价", kind: "money", required: false } };
    const html = renderToString(
      createElement(
        MantineProvider,
        null,
        createElement(FormFields, {
          fields: [{ name: "priceSale", readOnly: true }, { name: "priceCost" }],
          spec,
          values: { priceSale: "1234.5", priceCost: "88.00" },
          errors: {},
          lookups: {},
        }),
      ),
    );
    expect(html).toContain('value="￥1,234.50"');
    expect(html).toMatch(/<input type="hidden" name="priceSale" value="1234.5"\/?>/);
    // An editable amount stays editable text (the ￥ is the field's prefix).
    expect(html).toMatch(/name="priceCost"[^>]*value="88.00"|value="88.00"[^>]*name="priceCost"/);
  });
});
