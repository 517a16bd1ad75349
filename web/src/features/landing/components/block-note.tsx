import { Notice } from "@/components/ui/notice";
import type { BlockSource } from "../lib/landing-types";

/** The exact notes shown when a landing block falls back (spec section 8). */
export function BlockNote({ source, syncing, failed }: { source: BlockSource; syncing: string; failed: string }) {
  if (source === "syncing")
    return (
      <Notice tone="info" role="status">
        {syncing}
      </Notice>
    );
  if (source === "failed")
    return (
      <Notice tone="warning" role="status">
        {failed}
      </Notice>
    );
  return null;
}
