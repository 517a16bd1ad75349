import { sql, type Kysely } from "kysely";
import { errorCodes } from "@procure/contracts";
import { HttpError } from "../../plugins/errors.ts";

/** Failed attempts an account may take within the window before it is locked. */
export const LOGIN_FAILURES_ALLOWED = 10;
const WINDOW_MINUTES = 15;
const MAX_LOCK_MINUTES = 24 * 60;

export class AccountLockedError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, errorCodes.rateLimited, `Too many failed sign-in attempts for this account. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`);
  }
}

/**
 * A per-account limit beside the per-address one, so an account cannot be guessed from many addresses. After
 * LOGIN_FAILURES_ALLOWED failures within 15 minutes the account is locked for 15 minutes, and each further failure
 * after a lock doubles it (up to a day). A locked account refuses every attempt, the right one included.
 */
export class LoginThrottle {
  constructor(private readonly db: Kysely<unknown>) {}

  /** Seconds until the account may try again, or 0 when it is not locked. */
  async lockedFor(email: string): Promise<number> {
    const { rows } = await sql<{ seconds: number | null }>`select extract(epoch from (locked_until - now()))::float8 as seconds
      from login_failures where email = ${normalise(email)} and locked_until > now()`.execute(this.db);
    return Math.max(0, Math.ceil(rows[0]?.seconds ?? 0));
  }

  async recordFailure(email: string): Promise<void> {
    const { rows } = await sql<{ failures: number }>`insert into login_failures (email, failures, window_started)
      values (${normalise(email)}, 1, now())
      on conflict (email) do update set
        failures = case when login_failures.window_started < now() - make_interval(mins => ${WINDOW_MINUTES})
          and coalesce(login_failures.locked_until, '-infinity') < now() - make_interval(mins => ${WINDOW_MINUTES})
          then 1 else login_failures.failures + 1 end,
        window_started = case when login_failures.window_started < now() - make_interval(mins => ${WINDOW_MINUTES})
          and coalesce(login_failures.locked_until, '-infinity') < now() - make_interval(mins => ${WINDOW_MINUTES})
          then now() else login_failures.window_started end
      returning failures`.execute(this.db);
    const failures = rows[0]?.failures ?? 0;
    if (failures < LOGIN_FAILURES_ALLOWED) return;
    const minutes = Math.min(WINDOW_MINUTES * 2 ** (failures - LOGIN_FAILURES_ALLOWED), MAX_LOCK_MINUTES);
    await sql`update login_failures set locked_until = now() + make_interval(mins => ${minutes})
      where email = ${normalise(email)}`.execute(this.db);
  }

  async recordSuccess(email: string): Promise<void> {
    await sql`delete from login_failures where email = ${normalise(email)}`.execute(this.db);
  }
}

const normalise = (email: string) => email.trim().toLowerCase();
