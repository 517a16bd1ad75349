import { SMTPServer } from "smtp-server";

/**
 * `text`: the message with quoted-printable undone, to search the parts as a reader sees them. `receivedAt`: when the
 * sink accepted it (ms since the epoch), so a test can judge a pace by arrivals rather than by when it looked.
 */
export type ReceivedMail = { to: string[]; raw: string; text: string; headers: Map<string, string>; receivedAt: number };

const unquote = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export type SmtpSink = {
  url: string;
  mails: ReceivedMail[];
  /** Stops listening: mail sent meanwhile finds no server. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  /** Waits until a mail matching `match` arrived, and answers it. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
};

/** Unfolds continued header lines and answers each header by its lower-case name (the first of repeated ones). */
function headersOf(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const at = line.indexOf(":");
    const name = line.slice(0, at).trim().toLowerCase();
    if (at > 0 && !headers.has(name)) headers.set(name, line.slice(at + 1).trim());
  }
  return headers;
}

/** A real SMTP server on a loopback port, keeping every mail it accepts. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  let port = 0;
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          const to = session.envelope.rcptTo.map((r) => r.address);
          mails.push({ to, raw, text: unquote(raw), headers: headersOf(raw), receivedAt: Date.now() });
          callback();
        });
      },
    });
  let server = make();
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server.server.address() as { port: number }).port;
        resolve();
      });
    });
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  await listen();
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    down: close,
    up: async () => {
      server = make();
      await listen();
    },
    waitFor: async (match, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no such mail within ${timeoutMs} ms; got: ${mails.map((m) => m.headers.get("subject")).join(" | ")}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    stop: close,
  };
}
