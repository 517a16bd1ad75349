import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { firstLoad, firstScreenChunks, type FirstScreen } from "./build/first-load.ts";

const root = "src/app/routes";
const shell = [`${root}/app/workspace-root.tsx`, "src/lib/me-schema.ts", "../contracts/src/inbox.ts"];
const signedIn = (path: string, section: string, answers: string[] = []): FirstScreen => ({
  path,
  prefix: true,
  signedIn: true,
  modules: [...shell, `${root}/app/${section}.tsx`],
  answers: ["/api/me", "/api/inbox", ...answers],
});

const publicRoutes = ["landing", "login", "signup", "checklist"].map((name) => `${root}/${name}.tsx`);

/** Where a visitor may arrive, and what each of those screens needs first (see build/first-load.ts). */
const firstScreens: FirstScreen[] = [
  { path: "/", modules: [`${root}/landing.tsx`] },
  { path: "/login", modules: [`${root}/login.tsx`] },
  { path: "/signup", modules: [`${root}/signup.tsx`] },
  { path: "/resources/intake-checklist", modules: [`${root}/checklist.tsx`] },
  { ...signedIn("/app", "dashboard", ["/api/dashboard"]), prefix: false, modules: [...shell, `${root}/app/dashboard.tsx`, "../contracts/src/dashboard.ts"] },
  signedIn("/app/requests", "requests"),
  signedIn("/app/approvals", "approvals"),
  signedIn("/app/purchase-orders", "purchase-orders"),
  signedIn("/app/catalog", "catalogue"),
  signedIn("/app/vendors", "vendors"),
  signedIn("/app/integrations", "integrations"),
  signedIn("/app/settings", "settings"),
  signedIn("/app/intake-checklist", "intake-checklist"),
  // Any other workspace path lands on the dashboard's shell.
  { path: "/app", prefix: true, signedIn: true, modules: shell, answers: ["/api/me", "/api/inbox"] },
];

const apiTarget = process.env.VITE_DEV_API ?? "http://127.0.0.1:3000";

export default defineConfig(({ mode }) => ({
  plugins: [react(), firstLoad(firstScreens)],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // A production build ships no source maps: served, they would hand out the client's source.
    sourcemap: mode !== "production",
    rolldownOptions: {
      output: {
        // The shell's and the dashboard's own small modules in one file each, so opening /app takes fewer requests.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: firstScreenChunks({ workspace: [`${root}/app/workspace-root.tsx`], dashboard: [`${root}/app/dashboard.tsx`] }, publicRoutes),
              // A name given by a function says nothing in the bundler's timing report.
              debugName: "first screens",
            },
          ],
        },
      },
      // The contracts' modules only declare schemas and rules, so one a page never uses is left out of its chunks
      // (without this, importing one name from the barrel brings every schema, and zod with them, to every page).
      treeshake: { moduleSideEffects: (id: string) => !id.includes("/contracts/src/") },
    },
  },
}));
