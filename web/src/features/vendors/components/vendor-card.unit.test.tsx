import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import type { Vendor } from "@procure/contracts";
import { renderWithApp } from "@/testing/render";
import { VendorCard } from "./vendor-card";

const vendor: Vendor = {
  id: "0b8f2d6e-1c1a-4e55-9a1e-3a9d2b7c6f01",
  name: "Northwind Office Supply",
  status: "active",
  risk: "low",
  website: null,
  notes: null,
  renewal_date: null,
  created_at: "2026-03-01T10:00:00.000Z",
  updated_at: "2026-03-01T10:00:00.000Z",
  version: 1,
  diligence: { status: "complete", missing: [], expired: [], expiring: [] },
};

describe("a vendor card", () => {
  it("offers a request for an active vendor and none for a blocked one", () => {
    const { unmount } = renderWithApp(<VendorCard vendor={vendor} canRequest onOpen={() => {}} />);
    expect(screen.getByRole("link", { name: "Create request for Northwind Office Supply" })).toBeInTheDocument();
    unmount();
    renderWithApp(<VendorCard vendor={{ ...vendor, status: "blocked" }} canRequest onOpen={() => {}} />);
    expect(screen.queryByRole("link", { name: /Create request/ })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open Northwind Office Supply" })).toBeInTheDocument();
  });
});
