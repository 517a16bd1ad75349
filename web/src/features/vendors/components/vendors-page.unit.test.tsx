import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { User, Vendor } from "@procure/contracts";
import { apiError, json, mockFetch } from "@/testing/fetch-mock";
import { renderWithApp, storeSession } from "@/testing/render";
import { VendorsPage } from "./vendors-page";

const stamp = "2026-03-01T10:00:00.000Z";
const buyer: User = { id: "1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b", email: "buyer@example.test", role: "buyer", active: true, created_at: stamp };
const northwind: Vendor = {
  id: "0b8f2d6e-1c1a-4e55-9a1e-3a9d2b7c6f01",
  name: "Northwind Office Supply",
  status: "active",
  risk: "low",
  website: "https://northwind.example",
  notes: "Preferred for stationery.",
  renewal_date: null,
  created_at: stamp,
  updated_at: stamp,
  version: 1,
  diligence: { status: "missing", missing: ["w9"], expired: [], expiring: [] },
};

function signInAs(user: User) {
  storeSession(user);
  return { "GET /api/me": () => json({ user }) };
}

describe("the vendors screen", () => {
  it("says when no vendor has been added, and when none matches the filters", async () => {
    const { calls } = mockFetch({ ...signInAs(buyer), "GET /api/vendors": () => json([]) });
    const user = userEvent.setup();
    renderWithApp(<VendorsPage />, { path: "/app/vendors" });
    expect(await screen.findByText("No vendors have been added yet.")).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText("Status"), "blocked");
    expect(await screen.findByText("No vendors match the current filters.")).toBeInTheDocument();
    expect(calls.some((c) => new URL(c.url, "http://x").searchParams.get("status") === "blocked")).toBe(true);
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(await screen.findByText("No vendors have been added yet.")).toBeInTheDocument();
  });

  it("lets other roles read a vendor but not change it", async () => {
    mockFetch({
      ...signInAs({ ...buyer, role: "requester" }),
      "GET /api/vendors": () => json([northwind]),
      [`GET /api/vendors/${northwind.id}/history`]: () => json({ items: [{ type: "registered", actor_email: null, recorded_at: stamp }] }),
    });
    const user = userEvent.setup();
    renderWithApp(<VendorsPage />, { path: "/app/vendors" });
    await user.click(await screen.findByRole("button", { name: "Open Northwind Office Supply" }));
    const drawer = await screen.findByRole("dialog", { name: "Northwind Office Supply" });
    await within(drawer).findByText("Registered");
    expect(within(drawer).queryByRole("button", { name: "Block" })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "New vendor" })).not.toBeInTheDocument();
  });

  it("sends only what changed, and puts a server refusal on its field", async () => {
    const { calls } = mockFetch({
      ...signInAs(buyer),
      "GET /api/vendors": () => json([northwind]),
      [`GET /api/vendors/${northwind.id}/history`]: () => json({ items: [] }),
      [`PATCH /api/vendors/${northwind.id}`]: () =>
        apiError(400, "validation_failed", "The request is invalid.", [{ path: "body.website", message: "That website is not reachable" }]),
    });
    const user = userEvent.setup();
    renderWithApp(<VendorsPage />, { path: "/app/vendors" });
    const opener = await screen.findByRole("button", { name: "Open Northwind Office Supply" });
    await user.click(opener);
    const drawer = await screen.findByRole("dialog", { name: "Northwind Office Supply" });
    await user.click(within(drawer).getByRole("button", { name: "Block" }));
    expect(within(drawer).getByText("Will be blocked after Save.")).toBeInTheDocument();
    const website = within(drawer).getByLabelText("Website (optional)");
    await user.clear(website);
    await user.type(website, "northwind.example/b2b");
    await user.click(within(drawer).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(website).toHaveAttribute("aria-invalid", "true"));
    expect(website).toHaveAccessibleDescription("That website is not reachable");
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ status: "blocked", reason: null, website: "northwind.example/b2b" });

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
