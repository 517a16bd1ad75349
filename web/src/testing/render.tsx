import type { ReactElement } from "react";
import { render } from "@testing-library/react";
import { QueryClient } from "@tanstack/react-query";
import { RouterProvider, createMemoryRouter, type RouteObject } from "react-router-dom";
import type { User } from "@procure/contracts";
import { AppProvider } from "@/app/provider";

export const testUser: User = {
  id: "6f1c1d2e-8a4b-4c1e-9d3f-2a6b7c8d9e0f",
  email: "approver@demo.procure.test",
  role: "approver",
  active: true,
  created_at: "2026-01-05T10:00:00.000Z",
};

export function storeSession(user: User = testUser, token = "test-token") {
  window.localStorage.setItem("token", token);
  window.localStorage.setItem("user", JSON.stringify(user));
}

export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
}

type Options = { path?: string; initialEntry?: string; extraRoutes?: RouteObject[]; queryClient?: QueryClient };

/** Renders `ui` at `path` inside the real providers and a memory router. */
export function renderWithApp(ui: ReactElement, { path = "/", initialEntry, extraRoutes = [], queryClient }: Options = {}) {
  const client = queryClient ?? createTestQueryClient();
  const router = createMemoryRouter([{ path, element: ui }, ...extraRoutes], { initialEntries: [initialEntry ?? path] });
  const result = render(
    <AppProvider queryClient={client}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient: client };
}
