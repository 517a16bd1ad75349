import { describe, expect, it } from "vitest";
import { groupBars, poFigures } from "./po-figures";

const groups = {
  open: 12,
  receiving: 3,
  closed: 4,
  cancelled: 2,
  committedSpend: 43000.5,
  totalAmount: 45100.5,
  awaitingReceiptAmount: 20500,
  dueNext7Days: 5,
  pastDue: 3,
};

describe("poFigures", () => {
  it("reads the KPI figures from the server's order groups", () => {
    expect(poFigures(groups)).toEqual({
      total: 18,
      open: 12,
      receiving: 3,
      closed: 4,
      cancelled: 2,
      overdue: 3,
      dueNext7Days: 5,
      committedSpend: 43000.5,
      totalAmount: 45100.5,
      awaitingReceipt: 20500,
    });
  });

  it("shows receiving orders once in the chart, not inside the open bar as well", () => {
    expect(groupBars(poFigures(groups)).map((b) => [b.key, b.count])).toEqual([
      ["open", 9],
      ["receiving", 3],
      ["closed", 4],
      ["cancelled", 2],
    ]);
  });
});
