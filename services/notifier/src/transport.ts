import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";

export type MailTransport = {
  /** Sends one message; answers where it went (an .eml file's path) when it went nowhere over the network. */
  send(message: Mail.Options): Promise<string | null>;
  close(): void;
};

/** Over SMTP when `smtpUrl` is set (`smtp://user:pass@host:587`, `smtps://…`); otherwise as .eml files in `mailDir`. */
export function createMailTransport({ smtpUrl, mailDir }: { smtpUrl?: string; mailDir: string }): MailTransport {
  if (smtpUrl) {
    const transporter = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 });
    return {
      send: async (message) => {
        await transporter.sendMail(message);
        return null;
      },
      close: () => transporter.close(),
    };
  }
  // Builds the raw message as SMTP would carry it, and keeps it on disk for whoever runs the product without a server.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  let made: Promise<unknown> | null = null;
  return {
    send: async (message) => {
      const info = await builder.sendMail(message);
      // Made once, and again only if making it failed.
      await (made ??= mkdir(mailDir, { recursive: true }).catch((error: unknown) => {
        made = null;
        throw error;
      }));
      const name = String(message.messageId ?? Date.now()).replace(/[^A-Za-z0-9.@-]/g, "");
      const path = join(mailDir, `${name}.eml`);
      await writeFile(path, info.message as Buffer);
      return path;
    },
    close: () => builder.close(),
  };
}

/** A mail server's 5xx is its final word; anything else (4xx, no connection, a timeout) may pass on a later try. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}
