import type { Role } from "@procure/contracts";

export type Actor = { id: string; role: Role; email: string };

/** What every command carries besides its data: who, when, and the ids it may mint. */
export type CommandContext = { actor: Actor; now: string };
