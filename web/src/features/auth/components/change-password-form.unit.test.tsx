import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { deactivatedMessage, passwordMessage, passwordRuleHint } from "@procure/contracts";
import { apiError, json, mockFetch } from "@/testing/fetch-mock";
import { renderWithApp, testUser } from "@/testing/render";
import { LoginForm } from "./login-form";

const signIn = async (user: ReturnType<typeof userEvent.setup>, password: string) => {
  await user.type(screen.getByLabelText("Email"), testUser.email);
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Sign in" }));
};

// Each test types a few passwords of twelve characters and more, key by key.
describe("signing in with a temporary password", { timeout: 15_000 }, () => {
  it("asks for a new password before anything else, sends it with the sign-in's token, then goes on", async () => {
    const { calls } = mockFetch({
      "POST /api/auth/login": () => json({ token: "temporary-session", user: testUser, mustChangePassword: true }),
      "POST /api/auth/password": () => json({ token: "chosen-session", user: testUser, mustChangePassword: false }),
    });
    const user = userEvent.setup();
    renderWithApp(<LoginForm />, { path: "/login", extraRoutes: [{ path: "/app", element: <p>Workspace</p> }] });
    await signIn(user, "Tmp12345Tmp12345");

    expect(await screen.findByRole("heading", { name: "Choose a new password" })).toBeInTheDocument();
    expect(window.localStorage.getItem("token")).toBeNull();
    await user.type(screen.getByLabelText("New password"), "my-own-pass-4821");
    await user.type(screen.getByLabelText("Repeat the new password"), "not-the-same");
    await user.click(screen.getByRole("button", { name: "Save and continue" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The two passwords do not match.");

    await user.clear(screen.getByLabelText("Repeat the new password"));
    await user.type(screen.getByLabelText("Repeat the new password"), "my-own-pass-4821");
    await user.click(screen.getByRole("button", { name: "Save and continue" }));
    expect(await screen.findByText("Workspace")).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith("/api/auth/password"))?.body).toEqual({ currentPassword: "Tmp12345Tmp12345", newPassword: "my-own-pass-4821" });
    await waitFor(() => expect(window.localStorage.getItem("token")).toBe("chosen-session"));
  });

  it("shows the rule before anything is typed, says a short password is too short, and puts the server's hint by the field", async () => {
    const hint = "This password is too easy to guess. This is similar to a commonly used password. Add more words that are less common.";
    const { calls } = mockFetch({
      "POST /api/auth/login": () => json({ token: "temporary-session", user: testUser, mustChangePassword: true }),
      "POST /api/auth/password": () => apiError(400, "validation_error", hint, [{ path: "body.newPassword", message: hint }]),
    });
    const user = userEvent.setup();
    renderWithApp(<LoginForm />, { path: "/login" });
    await signIn(user, "Tmp12345Tmp12345");
    const field = await screen.findByLabelText("New password");
    expect(field).toHaveAccessibleDescription(passwordRuleHint);

    await user.type(field, "short-one");
    await user.type(screen.getByLabelText("Repeat the new password"), "short-one");
    await user.click(screen.getByRole("button", { name: "Save and continue" }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(passwordMessage));
    expect(calls.some((c) => c.url.endsWith("/api/auth/password"))).toBe(false);

    await user.clear(field);
    await user.type(field, "password1234");
    await user.clear(screen.getByLabelText("Repeat the new password"));
    await user.type(screen.getByLabelText("Repeat the new password"), "password1234");
    await user.click(screen.getByRole("button", { name: "Save and continue" }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(hint));
    expect(field).toHaveAttribute("aria-invalid", "true");
  });

  it("tells a deactivated member why they cannot sign in", async () => {
    mockFetch({ "POST /api/auth/login": () => apiError(403, "account_deactivated", deactivatedMessage) });
    const user = userEvent.setup();
    renderWithApp(<LoginForm />, { path: "/login" });
    await signIn(user, "secret-pass-4821");
    expect(await screen.findByRole("alert")).toHaveTextContent(deactivatedMessage);
  });
});
