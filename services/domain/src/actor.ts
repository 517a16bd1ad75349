import type { Role } from "@procure/contracts";

export type Actor = { id: string; role: Role; email: string };
