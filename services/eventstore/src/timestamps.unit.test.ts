import { describe, expect, it } from "vitest";
import { toIso } from "./db.ts";

const viaDate = (text: string) => new Date(text.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00")).toISOString();

describe("timestamps read from Postgres", () => {
  it.each([
    "2026-11-22 08:25:00+00",
    "2026-11-22 08:25:00.5+00",
    "2026-11-22 08:25:00.086+00",
    "2026-01-02 23:59:59.999999+00",
    "2026-11-22 08:25:00.08612+00",
  ])("gives %s the ISO form Date would", (text) => expect(toIso(text)).toBe(viaDate(text)));

  it("takes other offsets through Date", () => {
    expect(toIso("2026-11-22 08:25:00.086+05")).toBe("2026-11-22T03:25:00.086Z");
  });
});
