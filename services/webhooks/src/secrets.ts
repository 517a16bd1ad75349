import { randomBytes } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any> | Transaction<any>;

export const SECRET_PREFIX = "whsec_";
/** How long the previous secret still signs after a rotation, so receivers can switch without losing events. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString("base64");
}

/** The HMAC key: the base64-decoded part after the prefix (Standard Webhooks). */
export function secretKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
}

/** Written in the transaction of the event that creates the endpoint. */
export const storeSecret =
  (endpointId: string, secret: string, at: string) =>
  async (trx: AnyDb): Promise<void> => {
    await sql`insert into webhook_secrets (endpoint_id, secret, created_at) values (${endpointId}::uuid, ${secret}, ${at}::timestamptz)`.execute(trx);
  };

/** Written in the transaction of the rotation event: current secrets expire at `previousValidUntil`. */
export const rotateSecret =
  (endpointId: string, secret: string, at: string, previousValidUntil: string) =>
  async (trx: AnyDb): Promise<void> => {
    await sql`update webhook_secrets set expires_at = ${previousValidUntil}::timestamptz
      where endpoint_id = ${endpointId}::uuid and (expires_at is null or expires_at > ${previousValidUntil}::timestamptz)`.execute(trx);
    await storeSecret(endpointId, secret, at)(trx);
  };

/** Every secret that signs right now, newest first. */
export async function activeSecrets(db: AnyDb, endpointId: string): Promise<string[]> {
  const { rows } = await sql<{ secret: string }>`select secret from webhook_secrets
    where endpoint_id = ${endpointId}::uuid and (expires_at is null or expires_at > now())
    order by created_at desc`.execute(db);
  return rows.map((r) => r.secret);
}

export async function deleteSecrets(db: AnyDb, endpointId: string): Promise<void> {
  await sql`delete from webhook_secrets where endpoint_id = ${endpointId}::uuid`.execute(db);
}
