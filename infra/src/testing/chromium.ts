/** Debian's Chromium, never a downloaded browser; CHROMIUM_PATH names another build. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Headless in a container, quiet: no sandbox, GPU, QUIC or background traffic of its own. */
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
