import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { useLocation } from "react-router-dom";
import { apiError, deferred, json, mockFetch } from "@/testing/fetch-mock";
import { renderWithApp, storeSession, testUser } from "@/testing/render";
import { SessionGuard } from "./session-guard";

function LoginProbe() {
  const location = useLocation();
  return <p>Login at {location.pathname + location.search}</p>;
}

const renderGuarded = (entry: string) =>
  renderWithApp(
    <SessionGuard>
      <p>Secret workspace</p>
    </SessionGuard>,
    { path: "/app/*", initialEntry: entry, extraRoutes: [{ path: "/login", element: <LoginProbe /> }] },
  );

describe("session guard", () => {
  it("shows Verifying session… while the stored token is checked, then the content", async () => {
    storeSession();
    const me = deferred<Response>();
    const { calls } = mockFetch({ "GET /api/me": () => me.promise });
    renderGuarded("/app/requests");

    expect(screen.getByText("Verifying session…")).toBeInTheDocument();
    expect(screen.queryByText("Secret workspace")).not.toBeInTheDocument();
    me.resolve(json({ user: testUser }));
    expect(await screen.findByText("Secret workspace")).toBeInTheDocument();
    expect(calls[0]?.url).toContain("/api/me");
  });

  it("sends the bearer token with the session check", async () => {
    storeSession(testUser, "abc.def.ghi");
    const { fetchMock } = mockFetch({ "GET /api/me": () => json({ user: testUser }) });
    renderGuarded("/app");
    await screen.findByText("Secret workspace");
    const init = fetchMock.mock.calls[0]?.[1];
    expect((init?.headers as Record<string, string>).Authorization).toBe("Bearer abc.def.ghi");
  });

  it("redirects to /login with the path and query when there is no token", async () => {
    const { calls } = mockFetch({});
    renderGuarded("/app/requests?vendor=v-1");

    expect(await screen.findByText("Login at /login?redirectTo=%2Fapp%2Frequests%3Fvendor%3Dv-1")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("clears the session and redirects when the check fails", async () => {
    storeSession();
    mockFetch({ "GET /api/me": () => apiError(401, "unauthorized", "expired") });
    renderGuarded("/app/approvals");

    expect(await screen.findByText("Login at /login?redirectTo=%2Fapp%2Fapprovals")).toBeInTheDocument();
    expect(window.localStorage.getItem("token")).toBeNull();
    expect(window.localStorage.getItem("user")).toBeNull();
  });

  it("treats an answer without a user as a failed check", async () => {
    storeSession();
    mockFetch({ "GET /api/me": () => json({}) });
    renderGuarded("/app");

    expect(await screen.findByText("Login at /login?redirectTo=%2Fapp")).toBeInTheDocument();
    expect(window.localStorage.getItem("token")).toBeNull();
  });
});
