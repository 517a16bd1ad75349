import { describe, expect, it } from "vitest";
import { requiredLine, shortText } from "./common.ts";
import { asOneLine, controlCharacterMessage, isOneLine, isPlainText, oneLineMessage } from "./safe-text.ts";

const controls = ["\u0000", "\u0007", "\t", "\n", "\r", "\u001b", "\u007f", "\u0085", "\u009f", "\u2028", "\u2029"];

describe("one line", () => {
  it("holds no line break nor any other control character", () => {
    expect(isOneLine("Laptop – 14\u201d, über")).toBe(true);
    for (const c of controls) expect(isOneLine(`a${c}b`), JSON.stringify(c)).toBe(false);
  });

  it("is refused before trimming, so a trailing break is not quietly cut", () => {
    expect(requiredLine().safeParse("  Laptop  ").data).toBe("Laptop");
    for (const value of ["Laptop\n", "\r\nLaptop", "Lap\ttop"]) {
      expect(requiredLine().safeParse(value).error?.issues[0]?.message).toBe(oneLineMessage);
    }
  });

  it("writes text recorded with breaks as one line, each run of them one space", () => {
    expect(asOneLine("Chair\r\n\r\nBcc: x\u2028y\tz")).toBe("Chair Bcc: x y z");
  });
});

describe("multi-line text", () => {
  it("keeps line breaks and tabs and refuses other control characters", () => {
    expect(isPlainText("one\r\ntwo\tthree\u2028")).toBe(true);
    expect(shortText().safeParse("one\ntwo").data).toBe("one\ntwo");
    for (const c of ["\u0007", "\u001b", "\u007f", "\u0085"]) {
      expect(shortText().safeParse(`a${c}b`).error?.issues[0]?.message, JSON.stringify(c)).toBe(controlCharacterMessage);
    }
  });
});
