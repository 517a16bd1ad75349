import { afterAll, afterEach, beforeAll } from "vitest";
import { openSession, type Session } from "./browser";
import { startProduct, type ProductOptions, type RunningProduct } from "./server";

export type ProductUnderTest = {
  readonly url: string;
  /** A fresh browser session, closed with the others after the file's last test. */
  open: (viewport?: { width: number; height: number }) => Promise<Session>;
};

/** Starts the product before the file's tests and stops it after them; a failed test prints the server's output. */
export function useProduct(label: string, options?: ProductOptions): ProductUnderTest {
  let running: RunningProduct | undefined;
  const sessions: Session[] = [];

  beforeAll(async () => {
    running = await startProduct(label, options);
  });

  afterEach((context) => {
    if (context.task.result?.state === "fail" && running) console.error(running.logs());
  });

  afterAll(async () => {
    for (const session of sessions) await session.close().catch(() => {});
    await running?.stop();
  });

  return {
    get url() {
      if (!running) throw new Error(`the ${label} product has not started`);
      return running.url;
    },
    open: async (viewport) => {
      const session = await openSession(viewport);
      sessions.push(session);
      return session;
    },
  };
}
