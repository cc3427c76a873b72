import { Button } from "~/components/ui/mantine/Button";
import { TextInput } from "~/components/ui/mantine/TextInput";
import { useEffect, useMemo, useRef, useState } from "react";
import type { LookupOption } from "#server/resource/page";
import css from "~/components/grid/grid.module.css";

/**
 * What JavaScript adds to the product form (spec 001 §2.6, §2.7, §5): the product code is
 * checked for duplicates on blur (checkRepeatOE), pinyin and first letters are filled from the
 * name, and a category picker (keyword + tree) fills both category selects. Without
 * JavaScript the server does the same checks and fills on save.
 */
const DUPLICATE = "产品编码不能重复";

/** A message under a field (the field's own error line is React's; this one is ours). */
function showError(input: HTMLInputElement, message: string | null) {
  const holder = input.closest("[data-field]") ?? input.parentElement;
  let line = holder?.querySelector<HTMLElement>("[data-assist-error]");
  if (!message) return line?.remove();
  if (!line && holder) {
    line = document.createElement("div");
    line.dataset.assistError = "";
    line.setAttribute("role", "alert");
    line.style.cssText = "color: var(--mantine-color-error); font-size: 12px; margin-top: 4px;";
    holder.appendChild(line);
  }
  if (line) line.textContent = message;
}

export function ProductFormAssist({
  productId,
  categories,
  checkDuplicates = true,
}: {
  productId?: number | null;
  categories: LookupOption[];
  checkDuplicates?: boolean;
}) {
  const anchor = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(false);
  const [picker, setPicker] = useState(false);

  useEffect(() => {
    setMounted(true);
    const form = anchor.current?.closest("form");
    if (!form) return;
    const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
    const code = field("mainOE");
    const name = field("name");
    const onCode = async () => {
      if (!code || !checkDuplicates) return;
      const oe = code.value.trim();
      if (!oe) return code.setCustomValidity("");
      const res = await fetch(`/api/app/product/checkRepeatOE?oe=${encodeURIComponent(oe)}${productId ? `&id=${productId}` : ""}`, {
        headers: { Accept: "application/json" },
      });
      const duplicate = res.ok && (await res.json()) === true;
      // The form refuses to submit while the code is a duplicate; the message shows under the
      // field without taking the focus away from wherever the user typed next.
      code.setCustomValidity(duplicate ? DUPLICATE : "");
      code.setAttribute("aria-invalid", String(duplicate));
      showError(code, duplicate ? DUPLICATE : null);
    };
    const onCodeInput = () => {
      if (!code) return;
      code.setCustomValidity("");
      code.removeAttribute("aria-invalid");
      showError(code, null);
    };
    const onName = async () => {
      const pinYin = field("pinYin");
      const initial = field("initial");
      if (!name?.value.trim() || !pinYin || !initial || (pinYin.value && initial.value)) return;
      const res = await fetch(`/api/app/pinyin?text=${encodeURIComponent(name.value.trim())}`, { headers: { Accept: "application/json" } });
      if (!res.ok) return;
      const p = (await res.json()) as { pinYin: string; initial: string };
      if (!pinYin.value) pinYin.value = p.pinYin;
      if (!initial.value) initial.value = p.initial;
    };
    code?.addEventListener("blur", onCode);
    code?.addEventListener("input", onCodeInput);
    name?.addEventListener("blur", onName);
    return () => {
      code?.removeEventListener("blur", onCode);
      code?.removeEventListener("input", onCodeInput);
      name?.removeEventListener("blur", onName);
    };
  }, [productId, checkDuplicates]);

  function choose(level0: number, level1: number | null) {
    const form = anchor.current?.closest("form");
    const select = (name: string) => form?.elements.namedItem(name) as HTMLSelectElement | null;
    // The category selects are React-controlled (二级分类 follows 一级分类): pick as a user does,
    // by a change event, so the child list is redrawn for the new parent before the child is set.
    pick(select("categoryLevel0Id"), String(level0));
    setTimeout(() => pick(select("categoryLevel1Id"), level1 ? String(level1) : ""), 0);
    setPicker(false);
  }

  return (
    <div ref={anchor} style={{ marginTop: 8 }}>
      {mounted ? (
        <Button variant="light" size="xs" onClick={() => setPicker(true)} data-testid="category-picker-open">
          选择分类
        </Button>
      ) : null}
      {picker ? <CategoryPicker categories={categories} onChoose={choose} onClose={() => setPicker(false)} /> : null}
    </div>
  );
}

/** Sets a select's value the way the browser does on a user's pick, so React's onChange runs. */
function pick(select: HTMLSelectElement | null | undefined, value: string) {
  if (!select) return;
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value")?.set?.call(select, value);
  select.dispatchEvent(new Event("change", { bubbles: true }));
}

/** Spec 001 §2.7: keyword search and a two-level tree. */
export function CategoryPicker({
  categories,
  onChoose,
  onClose,
}: {
  categories: LookupOption[];
  onChoose: (level0: number, level1: number | null) => void;
  onClose: () => void;
}) {
  const [keyword, setKeyword] = useState("");
  const tree = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return categories
      .filter((c) => c.level === 0)
      .map((parent) => {
        const children = categories.filter((c) => c.parentId === parent.value);
        const parentHit = !k || parent.label.toLowerCase().includes(k);
        return {
          parent,
          children: parentHit ? children : children.filter((c) => c.label.toLowerCase().includes(k)),
          visible: parentHit || children.some((c) => c.label.toLowerCase().includes(k)),
        };
      })
      .filter((n) => n.visible);
  }, [categories, keyword]);
  return (
    <div className={css.backdrop} style={{ zIndex: 350 }} onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className={css.dialog} role="dialog" aria-modal="true" aria-label="选择分类" data-testid="category-picker">
        <div className={css.dialogHead}>
          <span>选择分类</span>
          <a href="#close" onClick={(e) => (e.preventDefault(), onClose())} aria-label="关闭">
            ×
          </a>
        </div>
        <div className={css.dialogBody}>
          <TextInput placeholder="输入关键字搜索分类" value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} autoFocus mb="sm" />
          <ul style={{ listStyle: "none", margin: 0, padding: 0, maxHeight: 360, overflow: "auto", fontSize: 14 }}>
            {tree.map(({ parent, children }) => (
              <li key={parent.value} style={{ marginBottom: 6 }}>
                <button type="button" className={css.btn} style={{ border: 0, fontWeight: 600 }} onClick={() => onChoose(parent.value, null)}>
                  ▾ {parent.label}
                </button>
                <ul style={{ listStyle: "none", paddingLeft: 24, margin: 0 }}>
                  {children.map((c) => (
                    <li key={c.value}>
                      <button type="button" className={css.btn} style={{ border: 0, height: 26 }} onClick={() => onChoose(parent.value, c.value)}>
                        {c.label}
                      </button>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
            {tree.length === 0 ? <li className={css.muted}>暂无数据</li> : null}
          </ul>
        </div>
      </div>
    </div>
  );
}
