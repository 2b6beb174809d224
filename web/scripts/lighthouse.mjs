// Lighthouse runs for `make bench`: every URL under each preset, `--runs` times, in one Chromium
// (Debian's, from CHROME_PATH; Lighthouse resets its storage and cache before every run).
// Prints one JSON object per run on stdout: {url, preset, run, scores, metrics, failing, ownStatusOnly,
// benchmarkIndex, error}.
//
//   node scripts/lighthouse.mjs --runs 3 --presets mobile,desktop URL...
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { defaultConfig, desktopConfig } from "lighthouse";
import { parseArgs } from "node:util";

const { values, positionals: urls } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: "string", default: "3" }, presets: { type: "string", default: "mobile,desktop" } },
});
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
  bytes: "total-byte-weight",
};

// Every audit that no score and no reported metric reads (the performance diagnostics and insights):
// skipping them skips the gathering behind them, a good part of each run.
const read = new Set(Object.values(METRICS));
for (const [name, category] of Object.entries(defaultConfig.categories)) {
  for (const ref of category.auditRefs) if (name !== "performance" || ref.weight > 0) read.add(ref.id);
}
const SKIPPED = defaultConfig.categories.performance.auditRefs.map((ref) => ref.id).filter((id) => !read.has(id));

// Chrome logs a document answered 404 as a console error ("Failed to load resource"), so a correct
// not-found page always fails Best Practices' errors-in-console. True when that log line is the only
// thing Best Practices holds against the page: no other audit, no other console error.
function onlyOwnStatusFails(lhr, url) {
  const failed = lhr.categories["best-practices"].auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1);
  const errors = lhr.audits["errors-in-console"].details?.items ?? [];
  return (
    failed.length === 1 &&
    failed[0].id === "errors-in-console" &&
    errors.every((item) => item.source === "network" && item.sourceLocation?.url === url)
  );
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  for (const preset of values.presets.split(",")) {
    for (const url of urls) {
      for (let run = 1; run <= Number(values.runs); run += 1) {
        const result = await lighthouse(
          url,
          {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: CATEGORIES,
            disableFullPageScreenshot: true,
            skipAudits: SKIPPED,
            // Half a second of network and main-thread quiet (Lighthouse waits a full one by default)
            // still ends each trace after all a page's loading: on 127.0.0.1 they settle within 0.4 s.
            // This saves about a second of each of the bench's 114 runs.
            pauseAfterFcpMs: 500,
            pauseAfterLoadMs: 500,
            networkQuietThresholdMs: 500,
            cpuQuietThresholdMs: 500,
            // The not-found URL is measured too: its 404 is the page under test, not a failure.
            ignoreStatusCode: true,
          },
          preset === "desktop" ? desktopConfig : undefined,
        );
        const { categories, audits, runtimeError } = result.lhr;
        const scores = Object.fromEntries(CATEGORIES.map((name) => [name, Math.round((categories[name]?.score ?? 0) * 100)]));
        const metrics = Object.fromEntries(Object.entries(METRICS).map(([key, audit]) => [key, audits[audit]?.numericValue ?? null]));
        const failing = Object.values(audits)
          .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
          .map((audit) => audit.id);
        console.log(
          JSON.stringify({
            url,
            preset,
            run,
            scores,
            metrics,
            failing,
            ownStatusOnly: onlyOwnStatusFails(result.lhr, url),
            benchmarkIndex: result.lhr.environment.benchmarkIndex,
            error: runtimeError?.code ?? null,
          }),
        );
      }
    }
  }
} finally {
  await chrome.kill();
}
