import { describe, expect, it } from "vitest";
import { copyTextOf } from "./batch.ts";

describe("rows in COPY's text format", () => {
  it("separate columns by tabs and rows by newlines, write null as \\N and escape what would end a value early", () => {
    const rows = [
      { id: 1, note: "plain", extra: null },
      { id: 2, note: "tab\there, line\nbreak, return\r, back\\slash, \\N as text", extra: { a: "x\ty" } },
    ];
    expect(copyTextOf(rows, { id: "int", note: "text", extra: "jsonb" })).toBe(
      "1\tplain\t\\N\n" + '2\ttab\\there, line\\nbreak, return\\r, back\\\\slash, \\\\N as text\t{"a":"x\\\\ty"}\n',
    );
  });
});
