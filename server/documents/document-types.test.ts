import { describe, expect, it } from "vitest";
import { PRINT_PAGES } from "../master-data/print.service";
import { ATTACHMENT_OWNER_TYPES, ownerTypeName } from "../system/attachment.input";
import { OWNER_KINDS } from "../system/attachment-owners";
import { DOCUMENT_TYPE_LIST, DOCUMENT_TYPES, documentTablesForReset, documentTypeOfPrint } from "./document-types";

/** The document-type table is the one place a document type is declared; what reads it must agree with it. */
describe("the document-type table", () => {
  it("names each entry by its own code", () => {
    for (const [key, d] of Object.entries(DOCUMENT_TYPES)) expect(d.code).toBe(key);
  });

  it("gives every printing type one print page, titled and guarded by its entry", () => {
    const printing = DOCUMENT_TYPE_LIST.filter((d) => d.print);
    expect(new Set(printing.map((d) => d.print!.kind)).size).toBe(printing.length);
    expect(Object.keys(PRINT_PAGES).sort()).toEqual(printing.map((d) => d.print!.kind).sort());
    for (const d of printing) {
      expect(PRINT_PAGES[d.print!.kind]).toEqual({ code: d.menuCode, title: d.label });
      expect(documentTypeOfPrint(d.print!.kind)).toBe(d);
    }
    expect(documentTypeOfPrint("nonsense")).toBeUndefined();
  });

  it("makes every type with attachments an owner kind, and the upload form's list names exactly the owner kinds", () => {
    const owners = DOCUMENT_TYPE_LIST.filter((d) => d.attachments).map((d) => d.code);
    for (const code of owners) expect(OWNER_KINDS).toHaveProperty(code);
    expect(ATTACHMENT_OWNER_TYPES.map(([k]) => k).sort()).toEqual(Object.keys(OWNER_KINDS).sort());
    for (const code of owners) expect(ownerTypeName(code)).toBe(DOCUMENT_TYPES[code as keyof typeof DOCUMENT_TYPES].label);
  });

  it("resets every document table of a company, lines before their header", () => {
    const names = documentTablesForReset().map(([label]) => label);
    for (const d of DOCUMENT_TYPE_LIST.filter((x) => x.resetOrder > 0)) {
      expect(names).toContain(d.label);
      if (d.tables.lines) expect(names.indexOf(`${d.label}明细`)).toBeLessThan(names.indexOf(d.label));
    }
  });
});
