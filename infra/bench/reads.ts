import { latencies } from "./stats.ts";

/** p50/p99 of the reads every screen makes, 100 calls each. */
export async function readFigures(url: string, token: string, auditRequestId: string) {
  const get = (path: string) => () =>
    fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } }).then(async (res) => {
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      await res.arrayBuffer();
    });
  const paths = {
    dashboard: "/api/dashboard",
    inbox: "/api/inbox",
    requestsPage: "/api/requests?limit=50",
    auditTimeline: `/api/requests/${auditRequestId}/audit`,
  };
  const out: Record<string, { p50: number; p99: number }> = {};
  for (const [name, path] of Object.entries(paths)) {
    await get(path)();
    const { p50, p99 } = await latencies(100, get(path));
    out[name] = { p50, p99 };
  }
  return out;
}
