import { asOneLine, formatCurrency, isNeededSoon } from "@procure/contracts";
import type { Notice } from "./recipients.ts";

export type MailContent = { subject: string; text: string; html: string };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Where a notice's reader goes to act: the request in the app, or the public work-order form they used. */
export function linkOf(notice: Notice, publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, "");
  if (notice.kind === "work-order-status") return `${base}/#work-orders`;
  if (notice.kind === "invitation") return `${base}/login?${new URLSearchParams({ email: notice.to.email })}`;
  return `${base}/app/requests/${encodeURIComponent(notice.request.id)}`;
}

/** A subject, and the lines of the body (the HTML part is the same lines, escaped, with the link as a link). */
function wordsOf(notice: Notice): { subject: string; lines: string[]; action: string } {
  switch (notice.kind) {
    case "decision-needed": {
      const r = notice.request;
      const stage = notice.stageRole ? ` at the ${notice.stageRole} stage` : "";
      return {
        subject: `Approval needed: ${r.title}`,
        lines: [`${r.requester_email} requested "${r.title}" (${formatCurrency(r.amount)}).`, `It waits for your decision${stage}.`],
        action: "Review the request",
      };
    }
    case "request-approved":
    case "request-denied": {
      const verb = notice.kind === "request-approved" ? "approved" : "denied";
      const comment = notice.comment ? [`Comment: ${notice.comment}`] : [];
      return {
        subject: `Request ${verb}: ${notice.request.title}`,
        lines: [`Your request "${notice.request.title}" was ${verb}.`, ...comment],
        action: "Open the request",
      };
    }
    case "ready-for-po":
      return {
        subject: `Ready for a purchase order: ${notice.request.title}`,
        lines: [`"${notice.request.title}" (${formatCurrency(notice.request.amount)}) was approved and waits for a purchase order.`],
        action: "Open the request",
      };
    case "po-issued":
    case "po-received": {
      const what = notice.kind === "po-issued" ? "was issued" : "was received";
      return {
        subject: `PO ${notice.poNumber} ${notice.kind === "po-issued" ? "issued" : "received"}: ${notice.request.title}`,
        lines: [`The purchase order ${notice.poNumber} for your request "${notice.request.title}" ${what}.`],
        action: "Open the request",
      };
    }
    case "invitation": {
      const by = notice.invitedBy ? `${notice.invitedBy} invited you` : "You were invited";
      return {
        subject: "You're invited to Procure",
        lines: [
          `${by} to Procure, the workspace for purchase requests and orders, as ${notice.role}.`,
          "Sign in with this e-mail address and the password your admin gives you (never sent by mail).",
        ],
        action: "Sign in",
      };
    }
    case "work-order-status": {
      const w = notice.workOrder;
      const note = notice.note ? [`Note: ${notice.note}`] : [];
      return {
        subject: `Work order #${w.id} is now ${notice.status}: ${w.title}`,
        lines: [`Your work order #${w.id} "${w.title}" is now ${notice.status}.`, ...note],
        action: "Procurement",
      };
    }
  }
}

/** A request needed within days (as of the event `at`) says so first, so it stands out in a list of mails. */
function flagged(notice: Notice, subject: string, at: Date): string {
  if (notice.kind === "work-order-status" || notice.kind === "invitation" || !isNeededSoon(notice.request.needed_by, at)) return subject;
  return `Needed by ${notice.request.needed_by}: ${subject}`;
}

/**
 * Each line of a mail is one line whatever the text it quotes: a title or comment recorded with line breaks (before
 * they were refused, or a comment that keeps them) cannot add lines of its own, such as a fake link, to the body.
 */
export function render(notice: Notice, link: string, at: Date): MailContent {
  const words = wordsOf(notice);
  const lines = words.lines.map(asOneLine);
  const { action } = words;
  return {
    subject: flagged(notice, asOneLine(words.subject), at),
    text: [...lines, "", `${action}: ${link}`].join("\n"),
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
  };
}

/** One mail for a day's notices: their subjects, each with its own link. */
export function renderDigest(items: readonly { subject: string; text: string }[]): MailContent {
  const linkOfText = (text: string) =>
    text
      .split("\n")
      .at(-1)!
      .replace(/^[^:]*: /, "");
  return {
    subject: `Your daily summary: ${items.length} ${items.length === 1 ? "update" : "updates"}`,
    text: ["Since your last summary:", "", ...items.map((i) => `- ${asOneLine(i.subject)}\n  ${linkOfText(i.text)}`)].join("\n"),
    html: `<p>Since your last summary:</p><ul>${items
      .map((i) => `<li><a href="${escapeHtml(linkOfText(i.text))}">${escapeHtml(i.subject)}</a></li>`)
      .join("")}</ul>`,
  };
}
