import { pinyin } from "pinyin-pro";

/** Full pinyin (lower case, no tones, ü as v) and first letters (upper case) of a product name. */
export function pinyinOf(text: string): { pinYin: string; initial: string } {
  const full = pinyin(text, { toneType: "none", type: "array", nonZh: "consecutive" });
  const first = pinyin(text, { pattern: "first", toneType: "none", type: "array", nonZh: "consecutive" });
  const clean = (parts: string[]) =>
    parts
      .join("")
      .replace(/ü/g, "v")
      .replace(/[^A-Za-z0-9]/g, "");
  return { pinYin: clean(full).toLowerCase().slice(0, 200), initial: clean(first).toUpperCase().slice(0, 50) };
}
