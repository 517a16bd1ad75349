import { sql } from "kysely";
import { readEnv } from "@procure/api";
import { connectDatabase } from "../src/runtime.ts";
import { readStreamMessages } from "../src/testing/jetstream.ts";
import { waitForProjections } from "../src/testing/command-stream.ts";
import { liveAndRebuiltReadModels } from "../src/faults/compare-with-rebuild.ts";
import type { Stack } from "./stack.ts";

export type Outcomes = { created: number; commented: number; decided: number; retries: number };

class CheckFailed extends Error {}

function check(condition: boolean, what: string, detail = ""): string {
  if (!condition) throw new CheckFailed(`${what}${detail ? `: ${detail}` : ""}`);
  return what;
}

/**
 * What every drill must leave behind: every acknowledged command in the read models, the bus holding the log
 * exactly once and in order, and read models equal to a rebuild from the log.
 */
export async function checkAfterDrill(stack: Pick<Stack, "url" | "env" | "natsUrl" | "stopProduct">, outcomes: Outcomes, commands: number): Promise<string[]> {
  const checked: string[] = [];
  checked.push(check(outcomes.created + outcomes.commented + outcomes.decided === commands, `all ${commands} commands acknowledged`));
  await waitForProjections(stack.url, 120_000);
  await stack.stopProduct();

  const connection = await connectDatabase(readEnv(stack.env));
  const { rows } = await sql<{ event_id: string }>`select event_id::text as event_id from events
    order by transaction_id, global_position`.execute(connection.db);
  await connection.close();
  const log = rows.map((r) => r.event_id);

  const deadline = Date.now() + 30_000;
  let published: string[];
  do {
    published = (await readStreamMessages(stack.natsUrl, stack.env.NATS_STREAM!)).map((b) => (JSON.parse(b) as { event_id: string }).event_id);
    if (published.length >= log.length) break;
    await new Promise((r) => setTimeout(r, 500));
  } while (Date.now() < deadline);
  const duplicates = published.length - new Set(published).size;
  checked.push(check(duplicates === 0, "the stream holds no duplicate", `${duplicates} duplicates`));
  checked.push(
    check(JSON.stringify(published) === JSON.stringify(log), `the stream holds the log's ${log.length} events in order`, `${published.length} published`),
  );

  const { live, rebuilt } = await liveAndRebuiltReadModels(stack.env);
  checked.push(
    check(live.rm_requests?.length === outcomes.created, `${outcomes.created} acknowledged requests all in the read model`, `${live.rm_requests?.length}`),
  );
  const differing = Object.keys(rebuilt).filter((table) => JSON.stringify(live[table]) !== JSON.stringify(rebuilt[table]));
  checked.push(check(differing.length === 0, "read models equal a rebuild from the log", differing.join(", ")));
  return checked;
}

export { CheckFailed };
