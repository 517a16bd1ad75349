import { z } from "zod";
import { role } from "./roles.ts";
import { isSafeText, unsafeTextMessage } from "./safe-text.ts";

export const emailMessage = "Enter a valid work email.";
/** Every password a person chooses or is given (sign-up, invitation, change, reset, import) has at least this many. */
export const passwordMinLength = 12;
export const passwordMessage = `Password must be at least ${passwordMinLength} characters.`;
/** What the password fields say before anything is typed; the server also refuses one that is easy to guess. */
export const passwordRuleHint = `At least ${passwordMinLength} characters. A few words nobody would link to you make a strong one.`;
/** The start of the refusal of a password long enough but easy to guess; the estimator's own hint follows it. */
export const weakPasswordMessage = "This password is too easy to guess.";
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
  .min(passwordMinLength, { error: passwordMessage })
  .max(200, { error: "Password must be at most 200 characters." });

export const signupBody = z.object({ email, password, role: role.optional() });
export type SignupBody = z.infer<typeof signupBody>;

export const loginBody = z.object({ email: loginEmail, password: z.string().min(1).max(200).refine(isSafeText, { error: unsafeTextMessage }) });
export type LoginBody = z.infer<typeof loginBody>;

export const user = z.object({
  id: z.uuid(),
  email: z.string(),
  role,
  /** A deactivated member cannot sign in and is offered nowhere as an assignee. */
  active: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof user>;

/**
 * `mustChangePassword`: the password used was a temporary one (an invitation's or an admin's reset); until the user
 * chooses a new one (`POST /api/auth/password`), every other call answers 403 `password_change_required`.
 */
export const authResponse = z.object({ token: z.string(), user, mustChangePassword: z.boolean().default(false) });
export type AuthResponse = z.infer<typeof authResponse>;

export const meResponse = z.object({ user });

export const createUserBody = z.object({
  email,
  role: role.default("requester"),
  password: z.preprocess((v) => (v === "" || v === null ? undefined : v), password.optional()),
  /** Whether the password must be changed at first sign-in; by default, only a generated one must. */
  mustChangePassword: z.boolean().optional(),
});
export type CreateUserBody = z.infer<typeof createUserBody>;
/** The temporary password appears in the first answer only; a replay with the same Idempotency-Key omits it. */
export const createUserResponse = z.object({ user, temporaryPassword: z.string().optional() });
export type CreateUserResponse = z.infer<typeof createUserResponse>;

/** An admin's change to a member: a new role, deactivation or reactivation, or both at once. */
export const updateUserBody = z
  .object({ role: role.optional(), active: z.boolean().optional() })
  .refine((body) => body.role !== undefined || body.active !== undefined, { error: "Send a role, active, or both." });
export type UpdateUserBody = z.infer<typeof updateUserBody>;
export const lastAdminMessage = "The workspace needs an active admin: make another member admin first.";

/** The member list's search: part of an email, matched anywhere, case-insensitive. */
export const userListQuery = z.object({ q: z.string().trim().max(254).refine(isSafeText, { error: unsafeTextMessage }).optional() });

/** Shown once, to the admin who reset it; never stored in the log or in an idempotent replay. */
export const resetPasswordResponse = z.object({ temporaryPassword: z.string().nullable() });
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponse>;

export const changePasswordBody = z.object({ currentPassword: z.string().min(1).max(200), newPassword: password });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
export const samePasswordMessage = "Choose a password different from the temporary one.";
export const wrongCurrentPasswordMessage = "The current password is not right.";
export const passwordChangeRequiredMessage = "Choose a new password before going on.";
export const deactivatedMessage = "This account has been deactivated. Ask an admin of your workspace to reactivate it.";
