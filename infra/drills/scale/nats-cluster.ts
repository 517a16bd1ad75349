import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { connect } from "@nats-io/transport-node";
import { jetstreamManager } from "@nats-io/jetstream";
import { spawnUntil, type Child } from "../../src/testing/child-process.ts";
import { freePort } from "../../src/testing/free-port.ts";

type Node = { name: string; port: number; clusterPort: number; monitorPort: number; storeDir: string; child: Child | null };

/**
 * Three nats-server processes on loopback with routes to each other and a store directory each, as the compose
 * file's nats-1..3: one JetStream cluster, so a stream created with three replicas survives the loss of one.
 */
export async function startNatsCluster(dir: string, size = 3) {
  const nodes: Node[] = [];
  for (let i = 0; i < size; i++) {
    const storeDir = join(dir, `nats-${i + 1}`);
    mkdirSync(storeDir, { recursive: true });
    nodes.push({ name: `nats-${i + 1}`, port: await freePort(), clusterPort: await freePort(), monitorPort: await freePort(), storeDir, child: null });
  }
  const routes = nodes.map((n) => `nats://127.0.0.1:${n.clusterPort}`).join(",");
  const launch = async (node: Node) => {
    const args = ["-a", "127.0.0.1", "-p", String(node.port), "-m", String(node.monitorPort), "-js", "-sd", node.storeDir];
    args.push("--server_name", node.name, "--cluster_name", "procure", "--cluster", `nats://127.0.0.1:${node.clusterPort}`, "--routes", routes);
    node.child = await spawnUntil("nats-server", args, { ready: /Server is ready/ });
  };
  try {
    await Promise.all(nodes.map(launch));
    await jetStreamAnswers(nodes.map((n) => `nats://127.0.0.1:${n.port}`).join(","), 30_000);
  } catch (error) {
    for (const node of nodes) await node.child?.kill("SIGKILL");
    throw error;
  }

  return {
    url: nodes.map((n) => `nats://127.0.0.1:${n.port}`).join(","),
    names: nodes.map((n) => n.name),
    async kill(name: string, signal: NodeJS.Signals = "SIGKILL") {
      await nodes.find((n) => n.name === name)!.child?.kill(signal);
    },
    async restart(name: string) {
      await launch(nodes.find((n) => n.name === name)!);
    },
    /** The stream's leader and, per server, the messages that server holds itself (its monitoring port's /jsz). */
    async streamState(stream: string) {
      const held: Record<string, number | null> = {};
      let leader: string | null = null;
      for (const node of nodes) {
        held[node.name] = null;
        if (!node.child || node.child.process.exitCode !== null || node.child.process.signalCode !== null) continue;
        const jsz = await fetch(`http://127.0.0.1:${node.monitorPort}/jsz?accounts=true&streams=true`, { signal: AbortSignal.timeout(2_000) })
          .then((r) => r.json() as Promise<Jsz>)
          .catch(() => null);
        const detail = jsz?.account_details?.flatMap((a) => a.stream_detail ?? []).find((s) => s.name === stream);
        if (!detail) continue;
        held[node.name] = detail.state.messages;
        if (detail.cluster?.leader) leader = detail.cluster.leader;
      }
      return { leader, held };
    },
    async stop() {
      for (const node of nodes) await node.child?.kill("SIGKILL");
    },
  };
}

export type NatsCluster = Awaited<ReturnType<typeof startNatsCluster>>;

type Jsz = { account_details?: { stream_detail?: { name: string; state: { messages: number }; cluster?: { leader?: string } }[] }[] };

/** A cluster answers JetStream requests once its servers have elected a meta leader. */
async function jetStreamAnswers(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    const nc = await connect({ servers: url, reconnect: false }).catch((error: unknown) => ((last = error), null));
    if (nc) {
      try {
        await (await jetstreamManager(nc)).getAccountInfo();
        return;
      } catch (error) {
        last = error;
      } finally {
        await nc.close();
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the NATS cluster did not answer JetStream requests: ${String(last)}`);
}
