import { describe, expect, it } from "vitest";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { queryKeys } from "@/lib/query-keys";
import { json, mockFetch } from "@/testing/fetch-mock";
import { renderWithApp } from "@/testing/render";
import { RoleHandbook } from "./role-handbook";

const view = (id: string, label: string) => ({ id, label, headline: `${label} headline`, summary: "", responsibilities: [], cadence: [], tools: [] });

describe("role handbook", () => {
  it("defaults to the first role and resets to it when the selected role disappears", async () => {
    mockFetch({
      "GET /api/marketing/landing": () => json({ heroMetrics: [], focusSignals: [], roleViews: [view("buyer", "Buyer"), view("approver", "Approver")] }),
    });
    const user = userEvent.setup();
    const { queryClient } = renderWithApp(<RoleHandbook />);

    expect(await screen.findByRole("heading", { name: "Buyer headline" })).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Approver" }));
    expect(screen.getByRole("heading", { name: "Approver headline" })).toBeInTheDocument();

    act(() => {
      queryClient.setQueryData(queryKeys.landing(), {
        heroMetrics: [],
        focusSignals: [],
        roleViews: [view("buyer", "Buyer"), view("finance", "Finance")].map((v) => ({ ...v, headline: v.headline })),
      });
    });
    expect(await screen.findByRole("heading", { name: "Buyer headline" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Buyer" })).toHaveAttribute("aria-selected", "true");
  });
});
