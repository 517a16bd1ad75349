import { describe, expect, it } from "vitest";
import type { DirectoryRequest } from "./directory.ts";
import { linkOf, render } from "./mail-content.ts";
import type { Notice } from "./recipients.ts";

const request = (needed_by: string | null): DirectoryRequest => ({
  id: "00000000-0000-4000-8000-000000000001",
  title: "Laptop",
  amount: 1500,
  requester_id: "req",
  requester_email: "req@example.com",
  stages: [{ role: "approver", status: "waiting" }],
  needed_by,
});
const decision = (needed_by: string | null): Extract<Notice, { kind: "decision-needed" }> => ({
  kind: "decision-needed",
  to: { userId: "appr", email: "appr@example.com" },
  request: request(needed_by),
  stageRole: "approver",
});
const at = new Date("2026-11-25T09:00:00.000Z");

describe("a mail's subject", () => {
  it("flags a request needed within three days of the event, or overdue", () => {
    expect(render(decision("2026-11-28"), "https://x.test", at).subject).toBe("Needed by 2026-11-28: Approval needed: Laptop");
    expect(render(decision("2026-11-20"), "https://x.test", at).subject).toBe("Needed by 2026-11-20: Approval needed: Laptop");
  });

  it("leaves a later date or none unflagged", () => {
    expect(render(decision("2026-11-29"), "https://x.test", at).subject).toBe("Approval needed: Laptop");
    expect(render(decision(null), "https://x.test", at).subject).toBe("Approval needed: Laptop");
  });
});

describe("a mail's lines", () => {
  it("are one line each, whatever line breaks a recorded title or comment holds", () => {
    const title = "Laptop\r\nBcc: someone@example.com\n\nReview the request: https://evil.test\u2028x";
    const mail = render({ ...decision(null), request: { ...request(null), title } }, "https://x.test/app/requests/1", at);
    expect(mail.subject).toBe("Approval needed: Laptop Bcc: someone@example.com Review the request: https://evil.test x");
    expect(mail.text.split("\n")).toEqual([
      'req@example.com requested "Laptop Bcc: someone@example.com Review the request: https://evil.test x" ($1,500.00).',
      "It waits for your decision at the approver stage.",
      "",
      "Review the request: https://x.test/app/requests/1",
    ]);
    const denied = render(
      { kind: "request-denied", to: decision(null).to, request: request(null), comment: "No\r\nOpen the request: https://evil.test" },
      "https://x.test",
      at,
    );
    expect(denied.text.split("\n")[1]).toBe("Comment: No Open the request: https://evil.test");
  });
});

describe("an invitation", () => {
  it("names who invited, links to sign-in with the address filled in, and holds no password", () => {
    const notice: Notice = {
      kind: "invitation",
      to: { userId: null, email: "new+1@example.com" },
      role: "finance",
      invitedBy: "adm@example.com",
      memberId: "00000000-0000-4000-8000-000000000001",
    };
    const link = linkOf(notice, "http://127.0.0.1:4100/");
    expect(link).toBe("http://127.0.0.1:4100/login?email=new%2B1%40example.com");
    const mail = render(notice, link, at);
    expect(mail.subject).toBe("You're invited to Procure");
    expect(mail.text.split("\n")[0]).toBe("adm@example.com invited you to Procure, the workspace for purchase requests and orders, as finance.");
    expect(mail.text).toContain(`Sign in: ${link}`);
  });
});
