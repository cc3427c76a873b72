import { describe, expect, it } from "vitest";
import { pageCount, parseListQuery, type ListSpec } from "./list-query";

const spec: ListSpec<"name" | "sortOrder" | "creationTime", "isEnabled" | "categoryId" | "code"> = {
  sortable: ["name", "sortOrder", "creationTime"],
  defaultSort: { field: "sortOrder", dir: "asc" },
  filters: { isEnabled: "bool", categoryId: "int", code: "text" },
};
const q = (s: string) => parseListQuery(new URLSearchParams(s), spec);

describe("list query parser", () => {
  it("defaults to page 1 of 20, the default sort and no filters", () => {
    expect(q("")).toEqual({ page: 1, size: 20, skip: 0, take: 20, sort: { field: "sortOrder", dir: "asc" }, keyword: "", filters: {} });
  });

  it("reads the pages' page, size, sort and keyword", () => {
    expect(q("page=3&size=50&sort=name.desc&q=%20博世%20")).toMatchObject({
      page: 3,
      size: 50,
      skip: 100,
      take: 50,
      sort: { field: "name", dir: "desc" },
      keyword: "博世",
    });
    expect(q("sort=creationTime").sort).toEqual({ field: "creationTime", dir: "asc" });
  });

  it("reads the API's skipCount, maxResultCount, sorting and filter the same way", () => {
    expect(q("skipCount=40&maxResultCount=20&sorting=name%20desc&filter=NGK")).toMatchObject({
      page: 3,
      skip: 40,
      take: 20,
      sort: { field: "name", dir: "desc" },
      keyword: "NGK",
    });
    expect(q("skipCount=0&maxResultCount=500").take).toBe(500);
    expect(q("maxResultCount=99999").take).toBe(1000);
  });

  it.each([
    ["page=-1", { page: 1, skip: 0 }],
    ["page=abc", { page: 1 }],
    ["page=1e3", { page: 1 }],
    ["size=33", { size: 20 }],
    ["size=-20", { size: 20 }],
    ["sort=password.desc", { sort: { field: "sortOrder", dir: "asc" } }],
    ["sort=name;drop table x", { sort: { field: "sortOrder", dir: "asc" } }],
    ["sorting=name%20sideways", { sort: { field: "sortOrder", dir: "asc" } }],
    ["skipCount=-5&maxResultCount=0", { skip: 0, take: 20 }],
    ["page=99999999999999999999", { page: 1 }],
  ])("ignores bad input %s", (input, expected) => {
    expect(q(input)).toMatchObject(expected);
  });

  it("parses declared filters by kind and drops the rest", () => {
    expect(q("isEnabled=true&categoryId=12&code=%200986%20&evil=1").filters).toEqual({ isEnabled: true, categoryId: 12, code: "0986" });
    expect(q("isEnabled=maybe&categoryId=x&code=").filters).toEqual({});
    expect(q("isEnabled=0").filters).toEqual({ isEnabled: false });
  });

  it("caps the keyword at 100 characters", () => {
    expect(q(`q=${"a".repeat(500)}`).keyword).toHaveLength(100);
  });

  it("counts pages as total / size rounded up, at least 1", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});
