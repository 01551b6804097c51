// bench-phone: Lighthouse's mobile preset (a phone's screen, a CPU 4× slower,
// slow 4G, simulated) on the tester and on go-app's floor (the same page and
// app.wasm size, go-app drawing one element: make floor-site), in turn, RUNS
// times each, each in a fresh Chromium profile (a first visit). Prints the
// medians of the performance and accessibility scores, Total Blocking Time
// and the longest task, as the README's speed table shows them.
//
//   node bench.mjs SITE_URL FLOOR_URL [RUNS]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

const [site, floor, runsArg] = process.argv.slice(2);
if (!site || !floor) {
  console.error("usage: node bench.mjs SITE_URL FLOOR_URL [RUNS]");
  process.exit(2);
}
const runs = Number(runsArg || 3);
const chromePath = process.env.CHROMIUM || "/usr/bin/chromium";

async function measure(url) {
  const profile = mkdtempSync(join(tmpdir(), "bench-phone-"));
  const chrome = await chromeLauncher.launch({
    chromePath,
    userDataDir: profile,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
    });
    if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
    const longTasks = (lhr.audits["long-tasks"]?.details?.items || []).map((t) => t.duration);
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      tbt: lhr.audits["total-blocking-time"].numericValue,
      longest: longTasks.length ? Math.max(...longTasks) : 0,
      scripting: lhr.audits["bootup-time"]?.details?.summary?.wastedMs ?? 0,
    };
  } finally {
    await chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const results = { site: [], floor: [] };
for (let i = 0; i < runs; i++) {
  for (const [name, url] of [["site", site], ["floor", floor]]) {
    const r = await measure(url);
    results[name].push(r);
    console.error(`run ${i + 1} ${name}: performance ${r.performance}, TBT ${r.tbt.toFixed(0)} ms, longest task ${r.longest.toFixed(0)} ms, accessibility ${r.accessibility}`);
  }
}
console.log(`| Lighthouse mobile, medians of ${runs} | performance | Total Blocking Time | longest task | accessibility |`);
console.log("| --- | --- | --- | --- | --- |");
for (const name of ["site", "floor"]) {
  const rs = results[name];
  const m = (k) => median(rs.map((r) => r[k]));
  console.log(`| ${name === "site" ? "the tester" : "go-app's floor"} | ${m("performance")} | ${m("tbt").toFixed(0)} ms | ${m("longest").toFixed(0)} ms | ${m("accessibility")} |`);
}
