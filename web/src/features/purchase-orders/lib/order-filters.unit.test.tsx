import { describe, expect, it } from "vitest";
import { defaultFilters, isFiltered, orderListParams } from "./order-filters";

describe("order filters", () => {
  it("send only the filters in use, with the page size", () => {
    expect(orderListParams(defaultFilters).toString()).toBe("limit=200");
    expect(orderListParams({ q: "  north ", status: "receiving", overdue: true }).toString()).toBe("limit=200&q=north&status=receiving&overdue=true");
  });

  it("count as filtered when any of search, status or overdue is set", () => {
    expect(isFiltered(defaultFilters)).toBe(false);
    expect(isFiltered({ ...defaultFilters, q: "   " })).toBe(false);
    expect(isFiltered({ ...defaultFilters, q: "po" })).toBe(true);
    expect(isFiltered({ ...defaultFilters, status: "draft" })).toBe(true);
    expect(isFiltered({ ...defaultFilters, overdue: true })).toBe(true);
  });
});
