import { readdirSync } from "node:fs";
import js from "@eslint/js";
import tseslint from "typescript-eslint";

/**
 * The layering of docs/architecture.md as import rules. Each package names the workspace packages it may import
 * (everything else of `@procure/*` is refused) and the outside modules it must not touch.
 */
const layers = [
  {
    files: ["contracts/src/**"],
    may: [],
    never: ["kysely", "pg", "fastify", "react", "node:*"],
    why: "contracts hold schemas and rules only: zod, nothing else.",
  },
  {
    files: ["services/domain/src/**"],
    may: ["contracts"],
    never: ["kysely", "pg", "fastify", "@nats-io/*", "node:fs", "node:net"],
    why: "the domain is pure: deciders take state and commands and return events.",
  },
  { files: ["services/eventstore/src/**"], may: ["contracts"], never: ["fastify"], why: "the event store knows only the contracts of the events it stores." },
  {
    files: ["services/webhooks/src/**"],
    may: ["contracts", "domain", "eventstore"],
    never: ["fastify"],
    why: "the webhook dispatcher reads the log; it knows nothing of the API.",
  },
  {
    files: ["services/notifier/src/**"],
    may: ["contracts", "eventstore"],
    never: ["fastify"],
    why: "the notifier reads the log and sends mail; it knows nothing of the API.",
  },
  {
    files: ["projections/src/**"],
    may: ["contracts", "eventstore"],
    never: ["fastify"],
    why: "projections fold the log into read models; they never import the API.",
  },
  {
    files: ["services/api/src/**"],
    may: ["contracts", "domain", "eventstore", "projections", "webhooks", "notifier"],
    never: [],
    why: "the API is started by infra, never the other way round.",
  },
];

/** Web: the client speaks to the server through contracts and HTTP; shared code → features → app, features apart. */
const webNever = ["node:*", "kysely", "pg", "fastify"];
const webFeatures = readdirSync(new URL("./web/src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const procureOnly = (may) => ["@procure/*", ...may.flatMap((name) => [`!@procure/${name}`, `!@procure/${name}/**`])];

// Tests and their kits compose the whole product, as infra does.
const notTests = ["**/*.test.ts", "**/*.test.tsx", "**/testing/**", "**/test-kit.ts"];

const zone = (files, restrictions) => ({
  files,
  ignores: notTests,
  rules: { "no-restricted-imports": ["error", { patterns: restrictions.map(([group, message]) => ({ group, message })) }] },
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
  ...layers.map(({ files, may, never, why }) => zone(files, [[[...procureOnly(may), ...never], why]])),
  zone(["web/src/**"], [[[...procureOnly(["contracts"]), ...webNever], "the web client speaks to the server through @procure/contracts and HTTP only."]]),
  zone(
    ["web/src/components/**", "web/src/lib/**", "web/src/config/**", "web/src/styles/**"],
    [
      [[...procureOnly(["contracts"]), ...webNever], "the web client speaks to the server through @procure/contracts and HTTP only."],
      [["@/features/*", "@/app/*"], "shared code is used by features and the app; it imports neither."],
    ],
  ),
  ...webFeatures.map((feature) =>
    zone(
      [`web/src/features/${feature}/**`],
      [
        [[...procureOnly(["contracts"]), ...webNever], "the web client speaks to the server through @procure/contracts and HTTP only."],
        [
          ["@/features/*", `!@/features/${feature}`, `!@/features/${feature}/**`, "../../*", "@/app/*"],
          "features never import each other or the app: compose them in web/src/app.",
        ],
      ],
    ),
  ),
);
