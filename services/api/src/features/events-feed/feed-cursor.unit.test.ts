import { describe, expect, it } from "vitest";
import { encodeCursor } from "../../http/cursor.ts";
import { decodeFeedCursor, encodeFeedCursor } from "./feed-cursor.ts";

describe("feed cursors", () => {
  it("give back the log position they were made from, up to the largest Postgres holds", () => {
    for (const position of [
      { tx: "0", pos: "0" },
      { tx: "7412", pos: "93" },
      { tx: "18446744073709551615", pos: "9223372036854775807" },
    ]) {
      expect(decodeFeedCursor(encodeFeedCursor(position))).toEqual(position);
    }
  });

  it("refuse numbers past what a transaction id or a global position can hold", () => {
    for (const cursor of [
      encodeCursor("1", "99999999999999999999"),
      encodeCursor("99999999999999999999", "1"),
      encodeCursor("18446744073709551616", "1"),
      encodeCursor("1", "9223372036854775808"),
      encodeCursor("1", "123456789012345678901"),
    ]) {
      expect(decodeFeedCursor(cursor)).toBeNull();
    }
  });

  it("refuse anything else a client may send", () => {
    for (const cursor of ["", "x", encodeCursor("-1", "2"), encodeCursor("1.5", "2"), encodeCursor("1"), encodeCursor("1", "2", "3")]) {
      expect(decodeFeedCursor(cursor)).toBeNull();
    }
  });
});
