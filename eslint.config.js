import js from "@eslint/js";
import tseslint from "typescript-eslint";

/** The layering of ../shared/ARCHITECTURE.md, as import rules: each zone names what it must never import. */
const forbid = (files, patterns, message) => ({
  files,
  // Tests and their kits compose the whole product, as infra does.
  ignores: ["**/*.test.ts", "**/*.test.tsx", "**/testing/**", "**/test-kit.ts"],
  rules: { "no-restricted-imports": ["error", { patterns: [{ group: patterns, message }] }] },
});

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "web/public/**", "infra/bench/results/**", "**/*.js", "**/*.mjs"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  forbid(["contracts/src/**"], ["@procure/*", "kysely", "pg", "fastify", "react", "node:*"], "contracts hold schemas and rules only: zod, nothing else."),
  forbid(
    ["services/domain/src/**"],
    ["@procure/api", "@procure/eventstore", "@procure/projections", "@procure/infra", "kysely", "pg", "fastify", "@nats-io/*", "node:fs", "node:net"],
    "the domain is pure: deciders take state and commands and return events.",
  ),
  forbid(
    ["services/eventstore/src/**"],
    ["@procure/api", "@procure/projections", "@procure/infra", "fastify"],
    "the event store knows nothing of the API or the read models.",
  ),
  forbid(["projections/src/**"], ["@procure/api", "@procure/infra", "fastify"], "projections never import the API."),
  forbid(["services/api/src/**"], ["@procure/infra"], "the API is started by infra, never the other way round."),
  forbid(
    ["web/src/**"],
    ["@procure/api", "@procure/eventstore", "@procure/projections", "@procure/domain", "@procure/infra", "node:*", "kysely", "pg", "fastify"],
    "the web client speaks to the server through @procure/contracts and HTTP only.",
  ),
);
