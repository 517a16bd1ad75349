import { z } from "zod";
import { role } from "./roles.ts";
import { isSafeText, unsafeTextMessage } from "./safe-text.ts";

export const emailMessage = "Enter a valid work email.";
export const passwordMessage = "Password must be at least 6 characters.";
export const emailTakenMessage = "That email is already registered.";
export const loginFailedMessage = "Invalid email or password. Please try again.";

/** An address as typed: safe text, trimmed, lower-cased, bounded. */
const emailText = z.string({ error: emailMessage }).refine(isSafeText, { error: unsafeTextMessage }).trim().toLowerCase().max(254, { error: emailMessage });

/**
 * A new address (signup, invitation, work-order requester): real address syntax, so text such as a spreadsheet
 * formula never becomes an account's name in the timeline and its exports.
 */
export const email = emailText.pipe(z.email({ error: emailMessage }));

/** Signing in only needs the shape of an address: accounts registered under the looser earlier check still can. */
const loginEmail = emailText.refine((v) => /^[^\s@]+@[^\s@]+$/.test(v), { error: emailMessage });

export const password = z
  .string({ error: passwordMessage })
  .refine(isSafeText, { error: unsafeTextMessage })
  .min(6, { error: passwordMessage })
  .max(200, { error: "Password must be at most 200 characters." });

export const signupBody = z.object({ email, password, role: role.optional() });
export type SignupBody = z.infer<typeof signupBody>;

export const loginBody = z.object({ email: loginEmail, password: z.string().min(1).max(200).refine(isSafeText, { error: unsafeTextMessage }) });
export type LoginBody = z.infer<typeof loginBody>;

export const user = z.object({
  id: z.uuid(),
  email: z.string(),
  role,
  created_at: z.string(),
});
export type User = z.infer<typeof user>;

export const authResponse = z.object({ token: z.string(), user });
export type AuthResponse = z.infer<typeof authResponse>;

export const meResponse = z.object({ user });

export const createUserBody = z.object({
  email,
  role: role.default("requester"),
  password: z.preprocess((v) => (v === "" || v === null ? undefined : v), password.optional()),
});
export type CreateUserBody = z.infer<typeof createUserBody>;
/** The temporary password appears in the first answer only; a replay with the same Idempotency-Key omits it. */
export const createUserResponse = z.object({ user, temporaryPassword: z.string().optional() });
export type CreateUserResponse = z.infer<typeof createUserResponse>;

export const changeUserRoleBody = z.object({ role });
export type ChangeUserRoleBody = z.infer<typeof changeUserRoleBody>;
export const lastAdminMessage = "The workspace needs an admin: make another member admin first.";
