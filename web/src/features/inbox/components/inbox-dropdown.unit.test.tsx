import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, deferred, json, mockFetch } from "@/testing/fetch-mock";
import { renderWithApp, storeSession, testUser } from "@/testing/render";
import { InboxDropdown } from "./inbox-dropdown";

const adminUser = { ...testUser, email: "admin@demo.procure.test", role: "admin" as const };
const counts = { pendingRequests: 3, pendingApprovals: 2, openOrders: 4, badge: 7, updatedAt: "2026-03-02T14:05:00.000Z" };

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

    expect(screen.getByText("Workspace inbox")).toBeInTheDocument();
    expect(screen.getByText("Sign in to see requests, approvals, and purchase order updates.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to sign in" })).toHaveAttribute("href", "/login?redirectTo=%2Fapp");
    expect(screen.queryByTestId("inbox-badge")).not.toBeInTheDocument();
  });

  it("shows the badge, the three rows, the updated time and the footer", async () => {
    storeSession(adminUser);
    mockFetch({ "GET /api/me": () => json({ user: adminUser }), "GET /api/inbox": () => json(counts) });
    const user = userEvent.setup();
    renderInbox();

    expect(await screen.findByTestId("inbox-badge")).toHaveTextContent("7");
    expect(screen.getByRole("button", { name: "Inbox, 7 to look at: 3 pending requests and 4 open purchase orders" })).toBeInTheDocument();
    await openPanel(user);
    expect(screen.getByText(/^Updated /)).toBeInTheDocument();
    expect(screen.getByTestId("inbox-row-requests")).toHaveTextContent("3Requests");
    expect(screen.getByTestId("inbox-row-approvals")).toHaveTextContent("2Approvals");
    expect(screen.getByTestId("inbox-row-orders")).toHaveTextContent("4Purchase orders");
    expect(screen.getByTestId("inbox-row-orders")).toHaveAttribute("href", "/app/purchase-orders");
    expect(screen.getByText("Numbers update whenever you create requests or manage purchase orders.")).toBeInTheDocument();
    expect(screen.getByText("The badge counts pending requests and open purchase orders.")).toBeInTheDocument();
  });

  it("links a row only where the role may go and leaves out approvals for a role that cannot decide", async () => {
    storeSession({ ...testUser, email: "requester@demo.procure.test", role: "requester" });
    mockFetch({ "GET /api/me": () => json({ user: { ...testUser, role: "requester" } }), "GET /api/inbox": () => json({ ...counts, pendingApprovals: 0 }) });
    const user = userEvent.setup();
    renderInbox();
    await screen.findByTestId("inbox-badge");
    const panel = await openPanel(user);

    expect(screen.getByTestId("inbox-row-requests")).toHaveAttribute("href", "/app/requests");
    expect(screen.queryByTestId("inbox-row-approvals")).not.toBeInTheDocument();
    // Counted in the badge, so shown, but a requester cannot open purchase orders.
    expect(screen.getByTestId("inbox-row-orders").tagName).toBe("DIV");
    expect(screen.getByTestId("inbox-row-orders")).toHaveTextContent("4Purchase orders");
    expect(panel.querySelectorAll("a")).toHaveLength(1);
  });

  it("shows the approver their queue as a link and purchase orders as a plain figure", async () => {
    storeSession();
    mockFetch({ "GET /api/me": () => json({ user: testUser }), "GET /api/inbox": () => json(counts) });
    const user = userEvent.setup();
    renderInbox();
    await screen.findByTestId("inbox-badge");
    await openPanel(user);
    expect(screen.getByTestId("inbox-row-approvals")).toHaveAttribute("href", "/app/approvals");
    expect(screen.getByTestId("inbox-row-orders")).not.toHaveAttribute("href");
  });

  it("caps the badge at 99 and hides it when nothing is pending", async () => {
    storeSession();
    mockFetch({
      "GET /api/me": () => json({ user: testUser }),
      "GET /api/inbox": () => json({ ...counts, pendingRequests: 80, openOrders: 45, badge: 125 }),
    });
    const { unmount } = renderInbox();
    expect(await screen.findByTestId("inbox-badge")).toHaveTextContent("99");
    unmount();

    storeSession();
    mockFetch({
      "GET /api/me": () => json({ user: testUser }),
      "GET /api/inbox": () => json({ ...counts, pendingRequests: 0, openOrders: -2, badge: 0 }),
    });
    renderInbox();
    await waitFor(() => expect(screen.getByRole("button", { name: "Inbox" })).toBeInTheDocument());
    expect(screen.queryByTestId("inbox-badge")).not.toBeInTheDocument();
  });

  it("reads Refreshing while a refresh is in flight and says when counts are not loaded yet", async () => {
    storeSession();
    let call = 0;
    const second = deferred<Response>();
    mockFetch({
      "GET /api/me": () => json({ user: testUser }),
      "GET /api/inbox": () => (++call === 1 ? json(counts) : second.promise),
    });
    const user = userEvent.setup();
    renderInbox();
    await screen.findByTestId("inbox-badge");
    await openPanel(user);

    await user.click(screen.getByRole("button", { name: "Refresh" }));
    expect(screen.getByRole("button", { name: "Refreshing" })).toBeDisabled();
    second.resolve(json({ ...counts, pendingRequests: 5 }));
    expect(await screen.findByRole("button", { name: "Refresh" })).toBeEnabled();
    expect(screen.getByTestId("inbox-badge")).toHaveTextContent("9");
  });

  it("shows the subtitle fallback and the combined error line when the counts fail", async () => {
    storeSession();
    mockFetch({ "GET /api/me": () => json({ user: testUser }), "GET /api/inbox": () => apiError(503, "unavailable", "down") });
    const user = userEvent.setup();
    renderInbox();
    await openPanel(user);

    expect(await screen.findByText("Unable to load requests & purchase orders.")).toBeInTheDocument();
    expect(screen.getByText("Stay on top of requests and orders.")).toBeInTheDocument();
  });

  it("names the failing source when the server says which one failed", async () => {
    storeSession();
    mockFetch({
      "GET /api/me": () => json({ user: testUser }),
      "GET /api/inbox": () => apiError(502, "partial", "orders down", { failed: ["orders"] }),
    });
    const user = userEvent.setup();
    renderInbox();
    await openPanel(user);
    expect(await screen.findByText("Unable to load purchase orders.")).toBeInTheDocument();
  });

  it("shows the generic line for an unexpected failure", async () => {
    storeSession();
    mockFetch({
      "GET /api/me": () => json({ user: testUser }),
      "GET /api/inbox": () => Promise.reject(new TypeError("Failed to fetch")),
    });
    const user = userEvent.setup();
    renderInbox();
    await openPanel(user);
    expect(await screen.findByText("Unable to load notifications.")).toBeInTheDocument();
  });

  it("closes on Escape, outside click, outside touch and on following a row link", async () => {
    storeSession();
    mockFetch({ "GET /api/me": () => json({ user: testUser }), "GET /api/inbox": () => json(counts) });
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
    await user.click(panel.querySelector('[data-testid="inbox-row-requests"]')!);
    expect(await screen.findByText("Requests screen")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Workspace inbox" })).not.toBeInTheDocument();
  });

  it("closes when focus tabs out of the panel, and stays open while it moves inside", async () => {
    storeSession();
    mockFetch({ "GET /api/me": () => json({ user: testUser }), "GET /api/inbox": () => json(counts) });
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
});
