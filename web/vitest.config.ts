import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";

export default defineConfig({
  plugins: [react()],
  root: fileURLToPath(new URL(".", import.meta.url)),
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    name: "web-unit",
    environment: "jsdom",
    include: ["src/**/*.unit.test.tsx"],
    setupFiles: ["./src/testing/setup-tests.ts"],
    css: false,
  },
});
