import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { OverviewItem } from "@procure/contracts";
import { mockFetch } from "@/testing/fetch-mock";
import { renderWithApp } from "@/testing/render";
import { shelfKey } from "../lib/use-shelf";
import { RequesterWorkspace } from "./requester-workspace";

const item = (n: number, status: OverviewItem["status"] = "published"): OverviewItem => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Item ${n}`,
  sku: `SKU-${n}`,
  categoryId: "00000000-0000-4000-8000-0000000000aa",
  categoryName: "Office supplies",
  unitOfMeasure: "each",
  contractNumber: null,
  preferredSupplier: "Paperline",
  vendorId: null,
  basePrice: 10 * n,
  currency: "USD",
  pricingTiers: [],
  status,
  lastReviewedAt: null,
  coverageNotes: null,
  version: 1,
});

const items = [1, 2, 3, 4, 5, 6, 7].map((n) => item(n)).concat(item(8, "draft"));
const trayNames = () =>
  within(screen.getByTestId("compare-tray"))
    .queryAllByRole("columnheader")
    .map((th) => th.querySelector(".cat-compare-name")?.textContent);

describe("requester workspace", () => {
  it("shows six published items, keeps three in the tray dropping the oldest, and stores the shelf under the user", async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderWithApp(<RequesterWorkspace items={items} userId="user-a" />);

    expect(screen.getAllByTestId("catalogue-item")).toHaveLength(6);
    expect(screen.getByText("Showing 6 of 7 matching items")).toBeInTheDocument();
    expect(screen.queryByText("Item 8")).not.toBeInTheDocument();

    for (const n of [1, 2, 3, 4]) await user.click(screen.getByRole("button", { name: `Compare Item ${n}` }));
    expect(trayNames()).toEqual(["Item 2", "Item 3", "Item 4"]);
    expect(screen.getByRole("status")).toHaveTextContent("Item 4 added; Item 1 left the comparison to make room.");

    await user.click(screen.getByRole("button", { name: "Favourite Item 5" }));
    expect(JSON.parse(window.localStorage.getItem(shelfKey("user-a"))!)).toEqual({
      favourites: [items[4]!.id],
      compare: [items[1]!.id, items[2]!.id, items[3]!.id],
    });
    expect(window.localStorage.getItem(shelfKey("user-b"))).toBeNull();
  });
});
