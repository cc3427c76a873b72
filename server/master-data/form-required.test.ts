import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { formSpecOf } from "../lib/form-spec";
import { MASTER_DATA_RESOURCES } from "./registry";

/**
 * A page form marks a field required (the browser then refuses to post without it) only when
 * the server refuses it too: an optional field the browser demands would make a form that can
 * never be saved without typing something the user does not have (物流信息's 查询网址 once).
 */
describe("resource forms: required in the browser = required on the server", () => {
  it("no optional field of any resource is marked required", () => {
    const wrong: string[] = [];
    for (const def of MASTER_DATA_RESOURCES) {
      const schema = def.input as z.ZodObject<Record<string, z.ZodType>> | undefined;
      if (!schema?.shape) continue;
      for (const [name, field] of Object.entries(formSpecOf(schema))) {
        const s = schema.shape[name];
        if (s && field.required && s.safeParse(undefined).success) wrong.push(`${def.name}.${name} (${field.label})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
