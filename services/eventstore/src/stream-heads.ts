/** How many stream heads an event store remembers, so an append after a read needs no head lookup. */
const KNOWN_HEADS = 10_000;

/**
 * The newest version and hash seen of recently read or written streams, shared by the store's reader and appender:
 * a hint that lets an append chain its events without reading the head, checked by every append.
 */
export class StreamHeads {
  private readonly heads = new Map<string, { version: number; hash: string }>();

  /** The head's hash when the stream is known to be exactly at `version`. */
  hashAt(streamId: string, version: number): string | null {
    const known = this.heads.get(streamId);
    return known?.version === version ? known.hash : null;
  }

  remember(streamId: string, version: number, hash: string): void {
    const known = this.heads.get(streamId);
    if (known && known.version > version) return;
    // Re-inserted so the map's order is the order of use, and the least recently used goes first.
    this.heads.delete(streamId);
    this.heads.set(streamId, { version, hash });
    if (this.heads.size > KNOWN_HEADS) this.heads.delete(this.heads.keys().next().value!);
  }

  forget(streamId: string): void {
    this.heads.delete(streamId);
  }
}
