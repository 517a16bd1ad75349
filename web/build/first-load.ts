import { createHash } from "node:crypto";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin, ResolvedConfig } from "vite";
import type { CodeSplittingNameFunction } from "rolldown";
import type { OutputBundle, OutputChunk } from "rolldown";

/**
 * A screen a visitor may arrive on: its path (and, with `prefix`, everything under it), the route modules it renders
 * first (paths from the web folder; schemas a screen fetches beside its first answers count too), and the API
 * answers those modules ask for first. `signedIn` screens preload and ask only when a session is stored.
 */
export type FirstScreen = { path: string; prefix?: boolean; signedIn?: boolean; modules: string[]; answers?: string[] };

type BootScreen = { p: string; x: 0 | 1; s: 0 | 1; js: string[]; css: string[]; api: string[] };

const compressible = /\.(js|css|html|svg|json)$/;

/**
 * Two things for the first visit on a slow network, where every round trip costs:
 *
 * - A small script in index.html starts, for the path being opened, the download of that screen's code and styles
 *   beside the entry's instead of after it has run, and, for a stored session, the screen's first API answers
 *   (taken once by the API client, see `src/lib/early-answers.ts`).
 * - Every text file of the build is written beside itself compressed (brotli at its highest quality, and gzip), so
 *   the server sends those instead of compressing on the fly at a lower quality.
 */
export function firstLoad(screens: FirstScreen[]): Plugin {
  let config: ResolvedConfig;
  return {
    name: "procure-first-load",
    apply: "build",
    enforce: "post",
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      const html = bundle["index.html"];
      if (!html || html.type !== "asset") return;
      const apiBase = (config.env.VITE_API_URL as string | undefined) ?? "";
      const boot = bootScript(screensOf(bundle, screens, config), apiBase === "");
      const file = `${config.build.assetsDir}/boot-${createHash("sha256").update(boot).digest("base64url").slice(0, 8)}.js`;
      this.emitFile({ type: "asset", fileName: file, source: boot });
      // Async: it never holds up the first paint, and it is small enough to run long before the entry has arrived.
      html.source = String(html.source).replace("</head>", `  <script async src="${config.base}${file}"></script>\n  </head>`);
    },
    writeBundle(options, bundle) {
      const dir = options.dir ?? resolve(config.root, config.build.outDir);
      for (const fileName of Object.keys(bundle)) {
        if (!compressible.test(fileName)) continue;
        const path = join(dir, fileName);
        if (statSync(path).size < 1024) continue;
        const content = readFileSync(path);
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
        );
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/** Each screen's files: its modules' chunks and everything they import statically, less what index.html loads itself. */
function screensOf(bundle: OutputBundle, screens: FirstScreen[], config: ResolvedConfig): BootScreen[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === "chunk");
  const entry = chunks.find((chunk) => chunk.isEntry);
  const id = (module: string) => relative(config.root, module).split("\\").join("/");
  // The chunk that holds each module: its own when it has one, else the shared chunk it was placed in.
  const byModule = new Map<string, OutputChunk>();
  for (const chunk of chunks) for (const module of chunk.moduleIds) if (!byModule.has(id(module))) byModule.set(id(module), chunk);
  for (const chunk of chunks) if (chunk.facadeModuleId) byModule.set(id(chunk.facadeModuleId), chunk);
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const loadedByHtml = new Set<string>();
  const walk = (chunk: OutputChunk, into: Set<string>, css: Set<string>) => {
    if (into.has(chunk.fileName) || loadedByHtml.has(chunk.fileName)) return;
    into.add(chunk.fileName);
    for (const file of (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []) css.add(file);
    for (const imported of chunk.imports) {
      const next = byFile.get(imported);
      if (next) walk(next, into, css);
    }
  };
  if (entry) walk(entry, loadedByHtml, new Set());
  return screens.map((screen) => {
    const js = new Set<string>();
    const css = new Set<string>();
    for (const module of screen.modules) {
      const chunk = byModule.get(module);
      if (!chunk) throw new Error(`first-load screen ${screen.path}: ${module} is not in the build`);
      walk(chunk, js, css);
    }
    const url = (file: string) => `${config.base}${file}`;
    return { p: screen.path, x: screen.prefix ? 1 : 0, s: screen.signedIn ? 1 : 0, js: [...js].map(url), css: [...css].map(url), api: screen.answers ?? [] };
  });
}

function bootScript(screens: BootScreen[], askEarly: boolean): string {
  return `// The screen being opened: its code and styles start downloading now, beside the entry's, not once the entry has run;
// with a stored session its first answers are asked for too.
(function (screens, askEarly) {
  try {
    var path = location.pathname.replace(/\\/+$/, "") || "/";
    var token = localStorage.getItem("token");
    var screen = null;
    for (var i = 0; i < screens.length && !screen; i++) {
      var s = screens[i];
      if (path === s.p || (s.x && path.indexOf(s.p + "/") === 0)) screen = s;
    }
    if (!screen || (screen.s && !token)) return;
    var link = function (rel, href, as) {
      var l = document.createElement("link");
      l.rel = rel;
      l.href = href;
      if (as) l.as = as;
      l.crossOrigin = "";
      document.head.appendChild(l);
    };
    // The answers first: they are small, and would otherwise queue behind the code for one of the six connections.
    if (askEarly && token && screen.api.length) {
      var answers = {};
      screen.api.forEach(function (url) {
        answers[url] = fetch(url, { headers: { Accept: "application/json", Authorization: "Bearer " + token } });
        answers[url].catch(function () {});
      });
      window.__procureEarly = { token: token, answers: answers };
    }
    screen.css.forEach(function (href) { link("preload", href, "style"); });
    screen.js.forEach(function (href) { link("modulepreload", href); });
  } catch (e) {}
})(${JSON.stringify(screens)}, ${askEarly});
`;
}

/**
 * Chunk names that gather the client's own small modules of a screen into one file each: on HTTP/1.1 a browser opens
 * six connections to a host, so twenty small files wait for each other. A module goes to the first named screen
 * that imports it (directly or not) when no public page ever loads it; route modules, libraries, the contracts and what the
 * entry already loads keep their own chunks.
 */
export function firstScreenChunks(screens: Record<string, string[]>, publicRoutes: string[]): CodeSplittingNameFunction {
  const webRoot = resolve(import.meta.dirname, "..");
  const reach = new Map<string, Set<string>>();
  const reachable = (from: string, context: Parameters<CodeSplittingNameFunction>[1], withLazy = false) => {
    const key = `${from}${withLazy ? " and what it loads later" : ""}`;
    const cached = reach.get(key);
    if (cached) return cached;
    const seen = new Set<string>();
    const stack = [resolve(webRoot, from)];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const info = context.getModuleInfo(id);
      stack.push(...(info?.importedIds ?? []), ...(withLazy ? (info?.dynamicallyImportedIds ?? []) : []));
    }
    reach.set(key, seen);
    return seen;
  };
  // Route modules keep chunks of their own, which the router loads and the build's manifest names.
  const own = (id: string) => id.startsWith(join(webRoot, "src")) && !id.startsWith(join(webRoot, "src/app/routes")) && !id.includes("node_modules");
  return (id, context) => {
    if (!own(id)) return null;
    if (reachable("src/main.tsx", context).has(id)) return null;
    // Not even what a public page loads later (the landing's lower sections): it would bring the whole group.
    if (publicRoutes.some((route) => reachable(route, context, true).has(id))) return null;
    for (const [name, modules] of Object.entries(screens)) if (modules.some((m) => reachable(m, context).has(id))) return name;
    return null;
  };
}
