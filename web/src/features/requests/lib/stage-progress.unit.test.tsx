import { describe, expect, it } from "vitest";
import type { ApprovalStage } from "@procure/contracts";
import { stageProgress } from "./stage-progress";

const stage = (role: string, status: ApprovalStage["status"]) => ({ role, status }) as ApprovalStage;

describe("a request's approval stages", () => {
  it("waits on the first undecided stage only; the later ones are upcoming", () => {
    const shown = stageProgress([stage("approver", "waiting"), stage("finance", "waiting"), stage("admin", "waiting")]);
    expect(shown.map((s) => [s.label, s.current])).toEqual([
      ["waiting", true],
      ["upcoming", false],
      ["upcoming", false],
    ]);
  });

  it("moves the wait to the next stage once one is approved", () => {
    const shown = stageProgress([stage("approver", "approved"), stage("finance", "waiting")]);
    expect(shown.map((s) => [s.label, s.current])).toEqual([
      ["approved", false],
      ["waiting", true],
    ]);
  });

  it("has nothing current once decided", () => {
    const shown = stageProgress([stage("approver", "denied"), stage("finance", "skipped")]);
    expect(shown.map((s) => [s.label, s.current])).toEqual([
      ["denied", false],
      ["skipped", false],
    ]);
  });
});
