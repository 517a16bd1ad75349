import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { emailTakenMessage, passwordMessage, type Member } from "@procure/contracts";
import { apiError, json, mockFetch } from "@/testing/fetch-mock";
import { renderWithApp } from "@/testing/render";
import { WorkspaceAccess } from "./workspace-access";
import { ApprovalRules } from "./approval-rules";

const person = (email: string, role: Member["role"], created_at: string): Member => ({
  id: crypto.randomUUID(),
  email,
  role,
  active: true,
  created_at,
  version: 1,
});
const team = [person("admin@example.com", "admin", "2026-01-01T09:00:00Z"), person("ria@example.com", "requester", "2026-02-01T09:00:00Z")];
const created = person("new@example.com", "approver", "2026-03-01T09:00:00Z");

async function invite(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.click(await screen.findByRole("button", { name: "Invite user" }));
  const drawer = await screen.findByRole("dialog", { name: "Invite user" });
  await user.type(within(drawer).getByLabelText("Work email"), email);
  await user.selectOptions(within(drawer).getByLabelText("Role"), "approver");
  await user.click(within(drawer).getByRole("button", { name: "Create account" }));
}

afterEach(() => vi.restoreAllMocks());

describe("workspace access", () => {
  it("lists teammates newest first and says so when the list cannot load", async () => {
    mockFetch({ "GET /api/users": () => json(team) });
    const first = renderWithApp(<WorkspaceAccess canInvite />);
    await screen.findByText("2 people in this workspace.");
    expect(screen.getAllByTestId("user-row").map((row) => row.querySelector("td")?.textContent)).toEqual(["ria@example.com", "admin@example.com"]);
    first.unmount();

    mockFetch({ "GET /api/users": () => apiError(500) });
    renderWithApp(<WorkspaceAccess canInvite />);
    expect(await screen.findByText("Unable to load teammates right now.")).toBeInTheDocument();
  });

  it("sends no password when it is left blank and shows the generated one once", async () => {
    const { calls } = mockFetch({
      "GET /api/users": () => json(team),
      "POST /api/users": () => json({ user: created, temporaryPassword: "tmp-Secret-42" }, 201),
    });
    const user = userEvent.setup();
    renderWithApp(<WorkspaceAccess canInvite />);
    await invite(user, "new@example.com");

    const drawer = await screen.findByRole("dialog", { name: "Account created" });
    expect(within(drawer).getByTestId("temporary-password")).toHaveTextContent("tmp-Secret-42");
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ email: "new@example.com", role: "approver", mustChangePassword: true });

    await user.click(within(drawer).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole("button", { name: "Invite user" })).toHaveFocus());
    await user.click(screen.getByRole("button", { name: "Invite user" }));
    await screen.findByRole("dialog", { name: "Invite user" });
    expect(screen.queryByText("tmp-Secret-42")).not.toBeInTheDocument();
  });

  it("puts a taken email on the email field and any other failure on the form", async () => {
    mockFetch({ "GET /api/users": () => json(team), "POST /api/users": () => apiError(409, "conflict", emailTakenMessage) });
    const user = userEvent.setup();
    const view = renderWithApp(<WorkspaceAccess canInvite />);
    await invite(user, "ria@example.com");
    const email = screen.getByLabelText("Work email");
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveAccessibleDescription(emailTakenMessage);
    view.unmount();

    mockFetch({ "GET /api/users": () => json(team), "POST /api/users": () => apiError(500) });
    renderWithApp(<WorkspaceAccess canInvite />);
    await invite(user, "someone@example.com");
    expect(await within(screen.getByRole("dialog")).findByRole("alert")).toHaveTextContent("Could not create the account. Please try again.");
  });

  it("checks the email and password with the contract's rules before sending", async () => {
    const { calls } = mockFetch({ "GET /api/users": () => json(team) });
    const user = userEvent.setup();
    renderWithApp(<WorkspaceAccess canInvite />);
    await user.click(await screen.findByRole("button", { name: "Invite user" }));
    await user.type(screen.getByLabelText("Work email"), "nobody");
    await user.type(screen.getByLabelText("Password (optional)"), "abc");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("Enter a valid work email.")).toBeInTheDocument();
    expect(screen.getByText(passwordMessage)).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });
});

describe("managing members", () => {
  it("searches on the server, deactivates after asking, and shows a reset password once", async () => {
    const ria = team[1]!;
    let members = team;
    const { calls } = mockFetch({
      "GET /api/users": () => json(members),
      [`PATCH /api/users/${ria.id}`]: () => {
        members = [team[0]!, { ...ria, active: false }];
        return json({ ...ria, active: false });
      },
      [`POST /api/users/${ria.id}/reset-password`]: () => json({ temporaryPassword: "Reset0Secret0Pass" }),
    });
    const user = userEvent.setup();
    renderWithApp(<WorkspaceAccess canInvite />);
    await screen.findByText("2 people in this workspace.");

    await user.type(screen.getByRole("searchbox", { name: "Search members by email" }), "ria");
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("/api/users?q=ria"))).toBe(true));

    await user.click(screen.getByRole("button", { name: "Deactivate ria@example.com" }));
    const ask = await screen.findByRole("alertdialog", { name: "Deactivate member?" });
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
    await user.click(within(ask).getByRole("button", { name: "Deactivate" }));
    await waitFor(() => expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ active: false }));
    expect(await screen.findByRole("button", { name: "Reactivate ria@example.com" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Reset password for ria@example.com" }));
    await user.click(within(await screen.findByRole("alertdialog", { name: "Reset password?" })).getByRole("button", { name: "Reset password" }));
    expect(await screen.findByTestId("temporary-password")).toHaveTextContent("Reset0Secret0Pass");
    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByText("Reset0Secret0Pass")).not.toBeInTheDocument();
  });
});

describe("approval rules", () => {
  it('shows "No rules yet." and asks before deleting', async () => {
    const rule = {
      id: crypto.randomUUID(),
      name: "Large",
      min_amount: 10_000,
      max_amount: null,
      category_id: null,
      category_name: null,
      vendor_id: null,
      stages: ["approver", "finance"],
      active: true,
      created_at: "2026-01-01T00:00:00Z",
      updated_at: "2026-01-01T00:00:00Z",
      version: 1,
    };
    let rules = [rule];
    const { calls } = mockFetch({
      "GET /api/approval-rules": () => json(rules),
      [`DELETE /api/approval-rules/${rule.id}`]: () => {
        rules = [];
        return new Response(null, { status: 204 });
      },
    });
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    renderWithApp(<ApprovalRules canEdit />);
    await screen.findByText("$10,000.00 and up");
    expect(screen.getByRole("list", { name: "Stages: approver, then finance" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Delete Large" }));
    expect(confirm).toHaveBeenLastCalledWith("Delete this rule?");
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Delete Large" }));
    expect(await screen.findByText("No rules yet.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Approval rules" })).toHaveFocus();
  });
});
