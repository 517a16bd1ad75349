import { describe, expect, it } from "vitest";
import { notesPreview } from "./notes-preview";

describe("vendor notes preview", () => {
  it("keeps notes of up to 160 characters whole", () => {
    expect(notesPreview("a".repeat(160))).toBe("a".repeat(160));
    expect(notesPreview(null)).toBe("");
  });

  it("cuts longer notes to 160 characters: 157 and a three-dot ellipsis", () => {
    const preview = notesPreview("b".repeat(161));
    expect(preview).toBe(`${"b".repeat(157)}...`);
    expect(preview).toHaveLength(160);
  });
});
