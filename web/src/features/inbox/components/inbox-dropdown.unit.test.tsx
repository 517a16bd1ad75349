import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, deferred, json, mockFetch } from "@/testing/fetch-mock";
import { renderWithApp, storeSession, testUser } from "@/testing/render";
import { InboxDropdown } from "./inbox-dropdown";

const adminUser = { ...testUser, email: "admin@demo.procure.test", role: "admin" as const };
const kinds = (n: Partial<Record<"decide" | "changed" | "create-order" | "issue-order" | "receive-order", number>>) => ({
  decide: 0,
  changed: 0,
  "create-order": 0,
  "issue-order": 0,
  "receive-order": 0,
  ...n,
});
const counts = { counts: kinds({ decide: 2, changed: 1, "issue-order": 4 }), badge: 6, updatedAt: "2026-03-02T14:05:00.000Z" };
const requestId = "0b8f2d6e-1c1a-4e55-9a1e-3a9d2b7c6f01";
const orderId = "1b8f2d6e-1c1a-4e55-9a1e-3a9d2b7c6f02";
const items = {
  items: [
    { kind: "changed", subject_id: requestId, title: "Desk lamp", since: "2026-03-02T14:00:00.000Z" },
    { kind: "issue-order", subject_id: orderId, title: "PO-7 · Lamps Ltd", since: "2026-03-02T13:00:00.000Z" },
  ],
};

function renderInbox() {
  return renderWithApp(
    <div>
      <InboxDropdown />
      <button type="button">Elsewhere</button>
    </div>,
    {
      path: "/app",
      extraRoutes: [
        { path: "/app/requests", element: <p>Requests screen</p> },
        { path: "/app/requests/:id", element: <p>Request screen</p> },
        { path: "/app/approvals", element: <p>Approvals screen</p> },
        { path: "/login", element: <p>Login screen</p> },
      ],
    },
  );
}

const openPanel = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole("button", { name: /^Inbox/ }));
  return screen.getByRole("dialog", { name: "Workspace inbox" });
};

describe("inbox dropdown", () => {
  it("asks a signed-out visitor to sign in", async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderInbox();
    await openPanel(user);

    expect(screen.getByText("Sign in to see requests, approvals, and purchase order updates.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to sign in" })).toHaveAttribute("href", "/login?redirectTo=%2Fapp");
    expect(screen.queryByTestId("inbox-badge")).not.toBeInTheDocument();
  });

  it("shows the badge, one row per kind that waits, the newest items and the updated time", async () => {
    storeSession(adminUser);
    mockFetch({ "GET /api/me": () => json({ user: adminUser }), "GET /api/inbox": () => json(counts), "GET /api/inbox/items": () => json(items) });
    const user = userEvent.setup();
    renderInbox();

    // The own request that changed is listed, not counted: the badge is requests to decide plus orders.
    expect(await screen.findByTestId("inbox-badge")).toHaveTextContent("6");
    expect(screen.getByRole("button", { name: "Inbox, 6 items wait for you: 2 to decide, 4 to issue" })).toBeInTheDocument();
    await openPanel(user);
    expect(screen.getByText(/^Updated /)).toBeInTheDocument();
    expect(screen.getByTestId("inbox-row-decide")).toHaveTextContent("2To decide");
    expect(screen.getByTestId("inbox-row-decide")).toHaveAttribute("href", "/app/approvals");
    expect(screen.getByTestId("inbox-row-issue-order")).toHaveAttribute("href", "/app/purchase-orders");
    expect(screen.queryByTestId("inbox-row-receive-order")).not.toBeInTheDocument();
    const rows = await screen.findAllByTestId("inbox-item");
    // An item about an order opens that order's page.
    expect(rows.map((row) => row.getAttribute("href"))).toEqual([`/app/requests/${requestId}`, `/app/purchase-orders/${orderId}`]);
  });

  it("links only where the role may go: a finance member's own request is shown but not linked", async () => {
    const finance = { ...testUser, email: "finance@demo.procure.test", role: "finance" as const };
    storeSession(finance);
    mockFetch({ "GET /api/me": () => json({ user: finance }), "GET /api/inbox": () => json(counts), "GET /api/inbox/items": () => json(items) });
    const user = userEvent.setup();
    renderInbox();
    await screen.findByTestId("inbox-badge");
    await openPanel(user);
    expect(screen.getByTestId("inbox-row-changed").tagName).toBe("DIV");
    const [own] = await screen.findAllByTestId("inbox-item");
    expect(own!.tagName).toBe("DIV");
  });

  it("marks a changed request seen when it is followed, and all of them with one button", async () => {
    storeSession();
    const { calls } = mockFetch({
      "GET /api/me": () => json({ user: testUser }),
      "GET /api/inbox": () => json(counts),
      "GET /api/inbox/items": () => json(items),
      "POST /api/inbox/seen": () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderInbox();
    await screen.findByTestId("inbox-badge");
    await openPanel(user);
    await user.click(screen.getByRole("button", { name: "Mark changes as seen" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([{ request_ids: [requestId] }]));

    const [first] = await screen.findAllByTestId("inbox-item");
    await user.click(first!);
    expect(await screen.findByText("Request screen")).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(2));
  });

  it("says when nothing waits, caps the badge at 99 and hides it at zero", async () => {
    storeSession();
    mockFetch({
      "GET /api/me": () => json({ user: testUser }),
      "GET /api/inbox": () => json({ ...counts, counts: kinds({ decide: 80, "issue-order": 45 }), badge: 125 }),
    });
    const { unmount } = renderInbox();
    expect(await screen.findByTestId("inbox-badge")).toHaveTextContent("99");
    unmount();

    storeSession();
    mockFetch({
      "GET /api/me": () => json({ user: testUser }),
      "GET /api/inbox": () => json({ ...counts, counts: kinds({ decide: -2 }), badge: 0 }),
      "GET /api/inbox/items": () => json({ items: [] }),
    });
    const user = userEvent.setup();
    renderInbox();
    await waitFor(() => expect(screen.getByRole("button", { name: "Inbox" })).toBeInTheDocument());
    expect(screen.queryByTestId("inbox-badge")).not.toBeInTheDocument();
    await openPanel(user);
    expect(await screen.findByTestId("inbox-empty")).toHaveTextContent("Nothing waits for you.");
  });

  it("reads Refreshing while a refresh is in flight", async () => {
    storeSession();
    let call = 0;
    const second = deferred<Response>();
    mockFetch({
      "GET /api/me": () => json({ user: testUser }),
      "GET /api/inbox": () => (++call === 1 ? json(counts) : second.promise),
      "GET /api/inbox/items": () => json(items),
    });
    const user = userEvent.setup();
    renderInbox();
    await screen.findByTestId("inbox-badge");
    await openPanel(user);

    await user.click(screen.getByRole("button", { name: "Refresh" }));
    expect(screen.getByRole("button", { name: "Refreshing" })).toBeDisabled();
    second.resolve(json({ ...counts, counts: kinds({ decide: 9 }) }));
    expect(await screen.findByRole("button", { name: "Refresh" })).toBeEnabled();
    expect(screen.getByTestId("inbox-badge")).toHaveTextContent("9");
  });

  it("shows the subtitle fallback and the error line when the counts fail", async () => {
    storeSession();
    mockFetch({
      "GET /api/me": () => json({ user: testUser }),
      "GET /api/inbox": () => apiError(503, "unavailable", "down"),
      "GET /api/inbox/items": () => json(items),
    });
    const user = userEvent.setup();
    renderInbox();
    await openPanel(user);

    expect(await screen.findByText("Unable to load requests & purchase orders.")).toBeInTheDocument();
    expect(screen.getByText("Stay on top of requests and orders.")).toBeInTheDocument();
  });

  it("shows the generic line for an unexpected failure", async () => {
    storeSession();
    mockFetch({
      "GET /api/me": () => json({ user: testUser }),
      "GET /api/inbox": () => Promise.reject(new TypeError("Failed to fetch")),
      "GET /api/inbox/items": () => json(items),
    });
    const user = userEvent.setup();
    renderInbox();
    await openPanel(user);
    expect(await screen.findByText("Unable to load notifications.")).toBeInTheDocument();
  });

  it("closes on Escape, outside click, outside touch and on following a row link", async () => {
    storeSession();
    mockFetch({ "GET /api/me": () => json({ user: testUser }), "GET /api/inbox": () => json(counts), "GET /api/inbox/items": () => json(items) });
    const user = userEvent.setup();
    renderInbox();
    await screen.findByTestId("inbox-badge");

    await openPanel(user);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Workspace inbox" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Inbox/ })).toHaveFocus();

    await openPanel(user);
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(screen.queryByRole("dialog", { name: "Workspace inbox" })).not.toBeInTheDocument();

    await openPanel(user);
    fireEvent.touchStart(screen.getByRole("button", { name: "Elsewhere" }));
    expect(screen.queryByRole("dialog", { name: "Workspace inbox" })).not.toBeInTheDocument();

    const panel = await openPanel(user);
    await user.click(panel.querySelector('[data-testid="inbox-row-decide"]')!);
    expect(await screen.findByText("Approvals screen")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Workspace inbox" })).not.toBeInTheDocument();
  });

  it("closes when focus tabs out of the panel, and stays open while it moves inside", async () => {
    storeSession();
    mockFetch({ "GET /api/me": () => json({ user: testUser }), "GET /api/inbox": () => json(counts), "GET /api/inbox/items": () => json(items) });
    const user = userEvent.setup();
    renderInbox();
    await screen.findByTestId("inbox-badge");

    const panel = await openPanel(user);
    const links = panel.querySelectorAll("a");
    (links[0] as HTMLElement).focus();
    (links[1] as HTMLElement).focus();
    expect(screen.getByRole("dialog", { name: "Workspace inbox" })).toBeInTheDocument();
    fireEvent.focus(screen.getByRole("button", { name: "Elsewhere" }));
    fireEvent.blur(links[1] as HTMLElement, { relatedTarget: screen.getByRole("button", { name: "Elsewhere" }) });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Workspace inbox" })).not.toBeInTheDocument());
  });
  it("lists vendors needing attention apart from the badge, linking each status to the vendors it counted", async () => {
    const buyer = { ...testUser, email: "buyer@demo.procure.test", role: "buyer" as const };
    storeSession(buyer);
    const withVendors = { ...counts, counts: kinds({}), badge: 0, vendor_diligence: { missing: 12, expired: 0, expiring: 3 } };
    mockFetch({ "GET /api/me": () => json({ user: buyer }), "GET /api/inbox": () => json(withVendors), "GET /api/inbox/items": () => json({ items: [] }) });
    const user = userEvent.setup();
    renderInbox();
    await waitFor(() => expect(screen.getByRole("button", { name: "Inbox" })).toBeInTheDocument());
    const panel = await openPanel(user);

    expect(await screen.findByTestId("inbox-row-vendors-missing")).toHaveTextContent("12Diligence missing");
    expect(screen.getByTestId("inbox-row-vendors-missing")).toHaveAttribute("href", "/app/vendors?status=active&diligence=missing");
    expect(screen.getByTestId("inbox-row-vendors-expiring")).toHaveAttribute("href", "/app/vendors?status=active&diligence=expiring");
    expect(screen.queryByTestId("inbox-row-vendors-expired")).not.toBeInTheDocument();
    expect(panel).toHaveTextContent("Vendors needing attention");
    expect(screen.queryByTestId("inbox-badge")).not.toBeInTheDocument();
  });
});
