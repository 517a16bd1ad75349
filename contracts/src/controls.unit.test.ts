import { describe, expect, it } from "vitest";
import { defaultControlsSettings, invoiceSeparationRefusal, stageSeparationRefusal } from "./controls.ts";

const ana = { id: "00000000-0000-4000-8000-0000000000a1", email: "ana@example.com" };
const ben = { id: "00000000-0000-4000-8000-0000000000b2", email: "ben@example.com" };
const off = { one_stage_per_person: false, recorder_cannot_approve_invoice: false, approver_cannot_pay_invoice: false };

describe("separation of duties", () => {
  const decidedBy = (who: string | null) =>
    [
      { role: "approver", status: "approved", decided_by: who },
      { role: "finance", status: "waiting", decided_by: null },
    ] as const;

  it("keeps the one who decided a stage, named by email or by id on older events, from the next", () => {
    const reason = "You already decided the Approver stage of this request; another person must decide the Finance stage.";
    expect(stageSeparationRefusal(defaultControlsSettings, ana, decidedBy(ana.email))).toBe(reason);
    expect(stageSeparationRefusal(defaultControlsSettings, ana, decidedBy(ana.id))).toBe(reason);
    expect(stageSeparationRefusal(defaultControlsSettings, ben, decidedBy(ana.email))).toBeNull();
    expect(stageSeparationRefusal(off, ana, decidedBy(ana.email))).toBeNull();
    expect(stageSeparationRefusal(defaultControlsSettings, ana, [{ role: "approver", status: "approved", decided_by: ana.email }])).toBeNull();
  });

  it("keeps an invoice's recorder from approving it and its approver from paying it, each by its own setting", () => {
    const open = { status: "open", created_by: ana.email, approved_by: null } as const;
    const approved = { status: "approved", created_by: ana.email, approved_by: ben.email } as const;
    expect(invoiceSeparationRefusal(defaultControlsSettings, ana, open)).toBe("You recorded this invoice; another person must approve it.");
    expect(invoiceSeparationRefusal(defaultControlsSettings, ben, open)).toBeNull();
    expect(invoiceSeparationRefusal(defaultControlsSettings, ben, approved)).toBe("You approved this invoice; another person must pay it.");
    expect(invoiceSeparationRefusal(defaultControlsSettings, ana, approved)).toBeNull();
    expect(invoiceSeparationRefusal({ ...defaultControlsSettings, recorder_cannot_approve_invoice: false }, ana, open)).toBeNull();
    expect(invoiceSeparationRefusal({ ...defaultControlsSettings, approver_cannot_pay_invoice: false }, ben, approved)).toBeNull();
  });
});
