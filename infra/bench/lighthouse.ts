/**
 * Lighthouse and its launcher are about a quarter of the locked packages and only the web bench uses them, so
 * `npm install` does not bring them: `npm run bench:web` installs them first without saving. The minimal types
 * here are what the bench reads of them.
 */
export type LighthouseResult = {
  lhr: {
    runtimeError?: { message: string };
    categories: Record<string, { score: number | null } | undefined>;
    audits: Record<string, { numericValue?: number } | undefined>;
  };
};

type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;
type LaunchedChrome = { port: number; kill: () => void };
type ChromeLauncher = { launch: (options: { chromePath: string; userDataDir: string; chromeFlags: string[] }) => Promise<LaunchedChrome> };

async function importOptional<T>(name: string): Promise<T> {
  try {
    return (await import(/* @vite-ignore */ name)) as T;
  } catch {
    throw new Error(`${name} is not installed: run the web bench through \`npm run bench:web\`, which installs it without saving.`);
  }
}

export async function loadLighthouse(): Promise<{ lighthouse: Lighthouse; chromeLauncher: ChromeLauncher }> {
  const [lighthouseModule, chromeLauncher] = await Promise.all([
    importOptional<{ default: Lighthouse }>("lighthouse"),
    importOptional<ChromeLauncher>("chrome-launcher"),
  ]);
  return { lighthouse: lighthouseModule.default, chromeLauncher };
}
