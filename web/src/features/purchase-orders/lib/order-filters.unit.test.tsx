import { describe, expect, it } from "vitest";
import { defaultFilters, filtersFromUrl, filtersToUrl, isFiltered, orderExportPath, orderListParams } from "./order-filters";

describe("order filters", () => {
  it("send only the filters in use, with the page size", () => {
    expect(orderListParams(defaultFilters).toString()).toBe("limit=200");
    expect(orderListParams({ q: "  north ", status: "receiving", overdue: true, sort: "-updated_at" }).toString()).toBe(
      "limit=200&q=north&status=receiving&overdue=true",
    );
    expect(orderListParams({ ...defaultFilters, sort: "-total" }).toString()).toBe("limit=200&sort=-total");
    expect(orderExportPath({ ...defaultFilters, status: "issued", sort: "vendor_name" })).toBe("/api/orders/export.csv?status=issued&sort=vendor_name");
  });

  it("round-trip through the address, and read anything unknown there as the default", () => {
    const filters = { q: "north", status: "issued", overdue: true, sort: "-total" } as const;
    const address = new URLSearchParams(Object.entries(filtersToUrl(filters)).filter((e): e is [string, string] => e[1] !== null));
    expect(address.toString()).toBe("q=north&status=issued&overdue=true&sort=-total");
    expect(filtersFromUrl((key) => address.get(key) ?? "")).toEqual(filters);
    expect(filtersFromUrl((key) => ({ status: "lost", sort: "password" })[key] ?? "")).toEqual(defaultFilters);
    expect(filtersToUrl(defaultFilters)).toEqual({ q: null, status: null, overdue: null, sort: null });
  });

  it("count as filtered when any of search, status or overdue is set", () => {
    expect(isFiltered(defaultFilters)).toBe(false);
    expect(isFiltered({ ...defaultFilters, q: "   " })).toBe(false);
    expect(isFiltered({ ...defaultFilters, q: "po" })).toBe(true);
    expect(isFiltered({ ...defaultFilters, status: "draft" })).toBe(true);
    expect(isFiltered({ ...defaultFilters, overdue: true })).toBe(true);
  });
});
