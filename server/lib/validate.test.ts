import { describe, expect, it } from "vitest";
import * as z from "zod";
import { parseInput } from "./validate";
import { ExportRequestSchema } from "./excel-export";

/**
 * Issue 7 item 9: whatever a schema leaves to zod is said in Chinese (no "Invalid input:
 * expected record, received undefined"), in the one error shape (bad_request, fields).
 */
const HAS_LATIN_SENTENCE = /Invalid|expected|received|Too (big|small)|must|Unrecognized/i;

function messageOf(schema: z.ZodType, input: unknown) {
  try {
    parseInput(schema, input);
  } catch (e) {
    return e as { code: string; message: string; fields: Record<string, string[]> };
  }
  throw new Error("parsed");
}

describe("parseInput speaks Chinese for zod's own checks", () => {
  const Batch = z.object({
    data: z
      .array(z.object({ basicInfo: z.record(z.string(), z.unknown()), n: z.number().int().max(3).optional() }))
      .min(1)
      .max(2),
  });

  it.each([
    [{ data: [{}] }, "缺少必填项“data[0].basicInfo”"],
    [{}, "缺少必填项“data”"],
    [{ data: "x" }, "“data”的类型不正确，应为列表"],
    [{ data: [] }, "“data”至少需要 1 项"],
    [{ data: [{ basicInfo: {} }, { basicInfo: {} }, { basicInfo: {} }] }, "“data”最多 2 项"],
    [{ data: [{ basicInfo: {}, n: 9 }] }, "“data[0].n”不能大于 3"],
    [{ data: [{ basicInfo: {}, n: 1.5 }] }, "“data[0].n”的类型不正确，应为整数"],
    [{ data: [{ basicInfo: [] }] }, "“data[0].basicInfo”的类型不正确，应为对象"],
    [null, "请求内容的类型不正确，应为对象"],
  ])("%j → %s", (input, message) => {
    const e = messageOf(Batch, input);
    expect(e.code).toBe("bad_request");
    expect(e.message).toBe(message);
    expect(e.message).not.toMatch(HAS_LATIN_SENTENCE);
  });

  it("keeps a schema's own message", () => {
    expect(messageOf(z.object({ name: z.string().min(1, "请输入名称") }), { name: "" }).message).toBe("请输入名称");
  });

  it("answers the export payload's unchecked parts in Chinese too", () => {
    for (const input of [
      {},
      { excelColumes: "x" },
      { excelColumes: [{}] },
      { excelColumes: [{ fieldName: "a", width: "宽" }] },
      { excelColumes: [{ fieldName: "a" }], sheetName: 5 },
    ]) {
      const e = messageOf(ExportRequestSchema, input);
      expect(e.message).not.toMatch(HAS_LATIN_SENTENCE);
      expect(e.message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it("says so for enums, unknown keys and formats", () => {
    expect(messageOf(z.object({ k: z.enum(["a", "b"]) }), { k: "c" }).message).toBe("“k”的值不在允许范围内");
    expect(messageOf(z.strictObject({ a: z.string() }), { a: "x", b: 1 }).message).toBe("请求内容含有不支持的字段：b");
    expect(messageOf(z.object({ e: z.email() }), { e: "nope" }).message).toBe("“e”格式不正确");
  });
});
