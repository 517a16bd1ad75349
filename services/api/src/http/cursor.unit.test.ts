import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, isTimestamp, isUuid } from "./cursor.ts";

const id = "0b7a3c9e-2f4d-4c59-9e3a-6f1d2b8c7a10";

describe("list cursors", () => {
  it("give back the key of the last row, even when it holds the separator characters of older formats", () => {
    const at = "2026-11-23T10:00:00.000Z";
    expect(decodeCursor(encodeCursor(at, id), [isTimestamp, isUuid])).toEqual([at, id]);
    expect(decodeCursor(encodeCursor('Acme | Co. "north"', id), [() => true, isUuid])).toEqual(['Acme | Co. "north"', id]);
  });

  it("read a stale, forged or foreign cursor as none, never as a failure", () => {
    for (const cursor of [
      "",
      "not base64 !",
      Buffer.from("2026-11-23|x").toString("base64url"),
      encodeCursor("yesterday", id),
      encodeCursor(id),
      encodeCursor("2026-11-23", id, "extra"),
    ]) {
      expect(decodeCursor(cursor, [isTimestamp, isUuid])).toBeUndefined();
    }
    expect(decodeCursor(Buffer.from(JSON.stringify([1, 2])).toString("base64url"), [() => true, () => true])).toBeUndefined();
  });
});
