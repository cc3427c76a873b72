import { dec, moneyString, roundMoney, type DecimalInput } from "./decimal";

/**
 * An amount in Chinese capitals (大写金额) as printed on documents and cheques:
 * 1234.50 → 壹仟贰佰叁拾肆元伍角整. Rounded half-up to the fen first (the money rule of
 * ./decimal.ts). Rules of the written form:
 * - a run of zeros inside the number reads as one 零 (1001 → 壹仟零壹元整), zeros at the end of
 *   a 4-digit section are not read (10000 → 壹万元整), a section that starts with zero after a
 *   larger one reads 零 (10010 → 壹万零壹拾元整);
 * - 拾 is always preceded by its digit (10 → 壹拾元整), as financial writing requires;
 * - no 角 and no 分 → 整; 角 without 分 → …角整; 分 without 角 → …元零…分 (no 整 after 分);
 * - below one yuan the 元 is left out (0.50 → 伍角整, 0.05 → 伍分); zero is 零元整;
 * - a negative amount starts with 负 (a refund, a red-ink document).
 * Sections above 亿 repeat the units (1e16 → 壹亿亿元整); no other size limit.
 */
const DIGITS = "零壹贰叁肆伍陆柒捌玖";
const IN_SECTION = ["", "拾", "佰", "仟"];

/** Words of a positive integer written without leading zeros. */
function integerWords(s: string): string {
  for (const [size, unit] of [
    [8, "亿"],
    [4, "万"],
  ] as const) {
    if (s.length > size) {
      const low = s.slice(-size);
      const lowTrimmed = low.replace(/^0+/, "");
      return integerWords(s.slice(0, -size)) + unit + (lowTrimmed ? (low[0] === "0" ? "零" : "") + integerWords(lowTrimmed) : "");
    }
  }
  let out = "";
  let zero = false;
  for (let i = 0; i < s.length; i++) {
    const d = Number(s[i]);
    if (d === 0) {
      zero = out !== "";
      continue;
    }
    if (zero) out += "零";
    zero = false;
    out += DIGITS[d]! + IN_SECTION[s.length - 1 - i]!;
  }
  return out;
}

export function chineseAmount(value: DecimalInput): string {
  const rounded = roundMoney(value);
  if (rounded.isZero()) return "零元整";
  const [int, frac] = moneyString(rounded.abs()).split(".") as [string, string];
  const jiao = Number(frac[0]);
  const fen = Number(frac[1]);
  const hasYuan = int !== "0";
  let out = hasYuan ? integerWords(int) + "元" : "";
  if (jiao === 0 && fen === 0) out += "整";
  else if (fen === 0) out += DIGITS[jiao] + "角整";
  else if (jiao === 0) out += (hasYuan ? "零" : "") + DIGITS[fen] + "分";
  else out += DIGITS[jiao] + "角" + DIGITS[fen] + "分";
  return (dec(rounded).isNegative() ? "负" : "") + out;
}
