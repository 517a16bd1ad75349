import { describe, expect, it } from "vitest";
import { decodePosition, encodePosition } from "./log-position.ts";

describe("a log position as clients carry it", () => {
  it("comes back as the same position, and a later position sorts after an earlier one as a plain string", () => {
    const positions = [
      { tx: "0", pos: "0" },
      { tx: "999", pos: "12" },
      { tx: "999", pos: "13" },
      { tx: "1000", pos: "2" },
      { tx: "18446744073709551615", pos: "9223372036854775807" },
    ];
    const tokens = positions.map(encodePosition);
    expect(tokens.map(decodePosition)).toEqual(positions);
    expect([...tokens].reverse().sort()).toEqual(tokens);
  });

  it("is refused when the API did not give it", () => {
    for (const token of ["", "yesterday", "0".repeat(31), "0".repeat(33), "G".repeat(32), "A".repeat(32), "-1:-1"]) {
      expect(decodePosition(token), token).toBeNull();
    }
  });
});
