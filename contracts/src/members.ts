import { z } from "zod";
import { user } from "./auth.ts";
import { recordVersion } from "./record-version.ts";

/** A member as the users screen lists and edits them: the account with its version. */
export const member = user.extend({ version: recordVersion });
export type Member = z.infer<typeof member>;
