import { describe, expect, it } from "vitest";
import type { PurchaseOrder } from "@procure/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { json, mockFetch } from "@/testing/fetch-mock";
import { renderWithApp } from "@/testing/render";
import { OrderDrawer } from "./order-drawer";

const vendorId = "0b8f2d6e-1c1a-4e55-9a1e-3a9d2b7c6f01";
const readyId = "5d7e9f0a-2b3c-4d5e-8f9a-0b1c2d3e4f50";
const stamp = "2026-03-01T10:00:00.000Z";

const request = (id: string, title: string, poNumber: string | null) => ({
  id,
  title,
  status: "approved",
  amount: 420.5,
  lines: [{ description: title, quantity: 1, unit_price: 420.5, catalogue_item_id: null }],
  category_id: null,
  category_name: null,
  vendor_id: vendorId,
  vendor_name: "Northwind Office Supply",
  po_number: poNumber,
  order_id: poNumber ? "5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f" : null,
  decision_comment: null,
  description: null,
  requester_id: "r1",
  requester_email: "requester@demo.procure.test",
  rule_id: null,
  priority: "normal",
  needed_by: null,
  stages: [],
  current_stage_role: null,
  version: 2,
  created_at: stamp,
  updated_at: stamp,
});

const vendors = [
  {
    id: vendorId,
    name: "Northwind Office Supply",
    status: "active",
    risk: "low",
    website: null,
    notes: null,
    renewal_date: null,
    created_at: stamp,
    updated_at: stamp,
    version: 1,
    diligence: { status: "complete", missing: [], expired: [], expiring: [] },
  },
];

describe("the new purchase order drawer", () => {
  it("offers approved requests without an order, fills total and vendor from the chosen one, and sends blanks as null", async () => {
    const { calls } = mockFetch({
      "GET /api/vendors": () => json(vendors),
      "GET /api/requests": () => json([request(readyId, "Standing desks", null), request("6d7e9f0a-2b3c-4d5e-8f9a-0b1c2d3e4f51", "Already ordered", "PO-1")]),
      "POST /api/orders": ({ body }) =>
        json(
          {
            ...(body as object),
            id: "7e8f9a0b-1c2d-4e3f-8a9b-0c1d2e3f4a5b",
            po_number: "PO-2026-00042",
            vendor_id: vendorId,
            vendor_name: "Northwind Office Supply",
            total: 420.5,
            status: "draft",
            request_id: readyId,
            expected_date: null,
            notes: null,
            lines: [],
            created_by: "buyer@demo.procure.test",
            version: 1,
            created_at: stamp,
            updated_at: stamp,
          },
          201,
        ),
    });
    const user = userEvent.setup();
    let open = true;
    renderWithApp(<OrderDrawer order={null} open={open} onOpenChange={(next) => (open = next)} onDeleted={() => {}} />);
    const drawer = await screen.findByRole("dialog", { name: "New purchase order" });

    const picker = within(drawer).getByLabelText(/^Request/);
    await waitFor(() => expect(within(picker).getByRole("option", { name: /Standing desks/ })).toBeInTheDocument());
    expect(within(picker).queryByRole("option", { name: /Already ordered/ })).not.toBeInTheDocument();
    await waitFor(() => expect(within(drawer).getByRole("option", { name: "Northwind Office Supply" })).toBeInTheDocument());

    await user.selectOptions(picker, readyId);
    expect(within(drawer).getByLabelText("Total (USD)")).toHaveValue(420.5);
    expect(within(drawer).getByLabelText("Vendor")).toHaveValue(vendorId);
    expect(within(drawer).getByLabelText("Vendor name")).toHaveValue("Northwind Office Supply");

    await user.click(within(drawer).getByRole("button", { name: "Create PO" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      po_number: null,
      vendor_id: vendorId,
      vendor_name: "Northwind Office Supply",
      total: 420.5,
      status: "draft",
      request_id: readyId,
      expected_date: null,
      notes: null,
    });
    await waitFor(() => expect(open).toBe(false));
  });

  it("turns the typed total into the first line, and sends lines without a total", async () => {
    const { calls } = mockFetch({
      "GET /api/vendors": () => json(vendors),
      "GET /api/requests": () => json([]),
      "POST /api/orders": () => json({ error: { code: "validation_error", message: "stop here" } }, 400),
    });
    const user = userEvent.setup();
    renderWithApp(<OrderDrawer order={null} open onOpenChange={() => {}} onDeleted={() => {}} />);
    const drawer = await screen.findByRole("dialog", { name: "New purchase order" });
    await user.type(within(drawer).getByLabelText("Vendor name"), "Corner Shop");
    await user.type(within(drawer).getByLabelText("Total (USD)"), "50");
    await user.click(within(drawer).getByRole("button", { name: "Add line" }));
    const line = within(drawer).getByRole("group", { name: "Line 1" });
    expect(within(line).getByLabelText("Unit price (USD)")).toHaveValue(50);
    await user.type(within(line).getByLabelText("Description"), "Chairs");
    await user.clear(within(line).getByLabelText("Quantity"));
    await user.type(within(line).getByLabelText("Quantity"), "2");
    expect(within(drawer).getByLabelText("Total (USD)")).toHaveTextContent("$100.00");

    await user.click(within(drawer).getByRole("button", { name: "Create PO" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    const body = calls.find((c) => c.method === "POST")?.body as { total?: number; lines: object[] };
    expect(body.total).toBeUndefined();
    expect(body.lines).toEqual([{ description: "Chairs", quantity: 2, unit_price: 50 }]);
  });

  it("offers only the statuses a person picks, and shows one set by receipts read-only with cancelling as the one choice", async () => {
    const lineId = "7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b";
    const orderId = "8f9a0b1c-2d3e-4f5a-8b6c-7d8e9f0a1b2c";
    const order: PurchaseOrder = {
      id: orderId,
      po_number: "PO-2026-00077",
      vendor_id: null,
      vendor_name: "Corner Shop",
      total: 100,
      status: "receiving",
      request_id: null,
      expected_date: null,
      notes: null,
      lines: [{ id: lineId, description: "Chairs", quantity: 2, unit_price: 50, item_id: null, received_quantity: 1, invoiced_quantity: 0 }],
      created_by: null,
      version: 3,
      created_at: stamp,
      updated_at: stamp,
    };
    const { calls } = mockFetch({
      "GET /api/vendors": () => json(vendors),
      "GET /api/requests": () => json([]),
      [`GET /api/orders/${orderId}`]: () => json(order),
      [`PUT /api/orders/${orderId}`]: () => json({ error: { code: "validation_error", message: "stop here" } }, 400),
    });
    const user = userEvent.setup();
    const { unmount } = renderWithApp(<OrderDrawer order={null} open onOpenChange={() => {}} onDeleted={() => {}} />);
    const created = await screen.findByRole("dialog", { name: "New purchase order" });
    const options = within(within(created).getByLabelText("Status")).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["Draft", "Issued", "Cancelled"]);
    unmount();

    renderWithApp(<OrderDrawer order={order} open onOpenChange={() => {}} onDeleted={() => {}} />);
    const drawer = await screen.findByRole("dialog", { name: "Edit PO-2026-00077" });
    expect(within(drawer).getByLabelText("Status")).toHaveTextContent("Receiving");
    expect(within(drawer).queryByRole("combobox", { name: "Status" })).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole("checkbox", { name: "Cancel this order" }));
    await user.click(within(drawer).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect((calls.find((c) => c.method === "PUT")?.body as { status: string }).status).toBe("cancelled");
  });
});
