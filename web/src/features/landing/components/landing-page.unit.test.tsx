import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { apiError, mockFetch, json } from "@/testing/fetch-mock";
import { renderWithApp } from "@/testing/render";
import { LandingPage } from "./landing-page";

const syncingNotes = [
  "Workspace metrics are still syncing—use these quick links to get hands-on right away",
  "Live workspace data is still syncing—here is the standard program playbook for quick reference",
  "Role guidance will appear once live data loads.",
];
const failureNotes = [
  "Live workspace metrics couldn't load, so we've surfaced direct links into the core queues",
  "Live workspace data couldn't load, so you're seeing the standard program playbook",
  "We couldn't load role guidance from the workspace. Try refreshing.",
];

const liveLanding = {
  heroMetrics: [
    { label: "Spend under management", value: "$1.2M" },
    { label: "Median cycle time", value: "2.4 days" },
    { label: "Policy adherence", value: "96%" },
  ],
  focusSignals: [{ label: "Requests awaiting decision", value: "7 requests", meta: "Oldest is 3 days old" }],
  roleViews: [
    {
      role_id: "finance",
      label: "Finance",
      summary: "Budget guardians",
      tools: ["Dashboard", { name: "Orders", url: "/app/purchase-orders", helper: "Match POs" }],
    },
    { id: "no-label" },
    { label: "No id" },
  ],
};

describe("landing page data states", () => {
  it("shows live figures without any fallback note when every list has data", async () => {
    mockFetch({ "GET /api/marketing/landing": () => json(liveLanding) });
    renderWithApp(<LandingPage />);

    expect(await screen.findByText("$1.2M")).toBeInTheDocument();
    expect(screen.getByText("7 requests")).toBeInTheDocument();
    // role_id is accepted, headline falls back to the label, and entries lacking id or label are dropped.
    const roleTabs = await screen.findByRole("tablist", { name: "Choose a role" });
    expect(
      within(roleTabs)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["Finance"]);
    expect(screen.getByRole("heading", { name: "Finance" })).toBeInTheDocument();
    expect(screen.getByText("Dashboard")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Orders" })).toHaveAttribute("href", "/app/purchase-orders");
    for (const note of [...syncingNotes, ...failureNotes]) expect(screen.queryByText(note)).not.toBeInTheDocument();
  });

  it("falls back per block with a still-syncing note when the lists come back empty", async () => {
    mockFetch({ "GET /api/marketing/landing": () => json({ heroMetrics: [], focusSignals: [], roleViews: [] }) });
    renderWithApp(<LandingPage />);

    for (const note of syncingNotes) expect(await screen.findByText(note)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Raise a purchase request/ })).toHaveAttribute("href", "/app/requests");
    expect(screen.getByRole("link", { name: /Review the approvals queue/ })).toHaveAttribute("href", "/app/approvals");
    expect(screen.getByRole("link", { name: /Track purchase orders/ })).toHaveAttribute("href", "/app/purchase-orders");
    expect(screen.getByText("$0")).toBeInTheDocument();
    expect(screen.getByText("0 requests")).toBeInTheDocument();
    expect(screen.getByText("0 decisions")).toBeInTheDocument();
    expect(screen.getByText("0 vendors")).toBeInTheDocument();
    const tabs = within(await screen.findByRole("tablist", { name: "Choose a role" })).getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["Admin", "Finance", "Buyer", "Approver", "Requester"]);
    expect(tabs[0]).toHaveAttribute("aria-selected", "true");
    for (const note of failureNotes) expect(screen.queryByText(note)).not.toBeInTheDocument();
  });

  it("uses only the empty block's fallback when the other lists have data", async () => {
    mockFetch({ "GET /api/marketing/landing": () => json({ ...liveLanding, focusSignals: [] }) });
    renderWithApp(<LandingPage />);

    expect(await screen.findByText(syncingNotes[1]!)).toBeInTheDocument();
    expect(screen.getByText("$1.2M")).toBeInTheDocument();
    expect(screen.queryByText(syncingNotes[0]!)).not.toBeInTheDocument();
    expect(screen.queryByText(syncingNotes[2]!)).not.toBeInTheDocument();
  });

  it("falls back everywhere with the failure notes when the request fails", async () => {
    mockFetch({ "GET /api/marketing/landing": () => apiError(500, "internal_error", "boom") });
    renderWithApp(<LandingPage />);

    for (const note of failureNotes) expect(await screen.findByText(note, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText("Live focus signals are unavailable right now.")).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: /Raise a purchase request/ })).toHaveLength(1);
    for (const note of syncingNotes) expect(screen.queryByText(note)).not.toBeInTheDocument();
  });

  it("advertises a sample account for each of the five roles with the shared demo password where the demo workspace exists", async () => {
    mockFetch({ "GET /api/marketing/landing": () => json({ ...liveLanding, demoWorkspace: true }) });
    renderWithApp(<LandingPage />);

    for (const label of ["Requester", "Approver", "Buyer", "Finance", "Admin"]) {
      expect(await screen.findByRole("link", { name: `Sign in as ${label}` })).toHaveAttribute("href", "/login");
    }
    expect(screen.getAllByText("procure-demo").length).toBeGreaterThanOrEqual(5);
    expect(screen.getByRole("link", { name: "Try it" })).toHaveAttribute("href", "#try-it");
    expect(screen.getByRole("button", { name: "Try the sample workspace" })).toBeInTheDocument();
  });

  it("shows no sample account in a real workspace, nor when the landing data cannot be loaded", async () => {
    mockFetch({ "GET /api/marketing/landing": () => json({ ...liveLanding, demoWorkspace: false }) });
    const { unmount } = renderWithApp(<LandingPage />);
    expect(await screen.findByText("$1.2M")).toBeInTheDocument();
    expect(screen.queryByText("procure-demo")).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Try it" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Try the sample workspace" })).not.toBeInTheDocument();
    unmount();

    mockFetch({ "GET /api/marketing/landing": () => apiError(500, "internal_error", "boom") });
    renderWithApp(<LandingPage />);
    expect(await screen.findByText(failureNotes[0]!, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByText("procure-demo")).not.toBeInTheDocument();
  });
});
