import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";

const apiTarget = process.env.VITE_DEV_API ?? "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [react()],
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
    sourcemap: true,
    rolldownOptions: {
      // The contracts' modules only declare schemas and rules, so one a page never uses is left out of its chunks
      // (without this, importing one name from the barrel brings every schema, and zod with them, to every page).
      treeshake: { moduleSideEffects: (id: string) => !id.includes("/contracts/src/") },
    },
  },
});
