import "@testing-library/jest-dom/vitest";
import { afterEach } from "vitest";
import { cleanup } from "@testing-library/react";

class SilentWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 0;
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {}
  close() {
    this.readyState = 3;
  }
  send() {}
}

// Component tests never open real sockets; the live hub is exercised by the browser tests.
const realFetch = globalThis.fetch;
globalThis.WebSocket = SilentWebSocket as unknown as typeof WebSocket;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  globalThis.fetch = realFetch;
  globalThis.WebSocket = SilentWebSocket as unknown as typeof WebSocket;
});
