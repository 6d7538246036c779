// `npm run lighthouse`: Lighthouse (mobile, default throttling) on the pages a reader lands on, against
// a stack built and started here or a running `npm start`. Each column is the median of its runs.
//   --url=http://localhost:5173   measure that site instead (its API: --api=, default http://localhost:5000)
//   --runs=N                      runs per page (default 5: one page's blocking time moves by about
//                                 100 ms between runs on a 2-core host, and its median of 5 far less)
//   --pages=/,/all-articles       only these pages (`article` stands for an article's page)
//   --strict                      exit 1 when a target is missed
//   --explain                     also print, per page, the long tasks and main-thread work of its
//                                 median run (by TBT): where the blocking time comes from
// Chromium: CHROME_PATH (default /usr/bin/chromium), headless, no sandbox.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { startStack } from './lighthouse-stack.mjs';

// Lighthouse (and its chrome-launcher) live in tools/lighthouse, a package of their own that this
// script's npm entry installs on first use: about a fifth of the files a root `npm ci` would otherwise
// unpack for every test run, for a tool the tests never use.
const toolRequire = createRequire(new URL('../tools/lighthouse/package.json', import.meta.url));
const fromTool = (name) => import(pathToFileURL(toolRequire.resolve(name)).href);
const { default: lighthouse } = await fromTool('lighthouse/core/index.js');
const { launch } = await fromTool('chrome-launcher');

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const strict = args.strict === 'true';
const explain = args.explain === 'true';
const runs = Number(args.runs ?? 5);
const log = (msg) => console.error(`[lighthouse] ${msg}`);

/** The targets (README, Lighthouse): scores out of 100, LCP and TBT in ms, CLS unitless. */
const TARGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 2000,
  cls: 0.02,
  tbtMs: 150,
};

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** An approved article a signed-out visitor can open (the teaser page), from the API's public list. */
async function articlePath(apiUrl) {
  const res = await fetch(`${apiUrl}/all-articles/approved?limit=20`);
  if (!res.ok) throw new Error(`GET ${apiUrl}/all-articles/approved answered ${res.status}`);
  const list = await res.json();
  const article = list.find((a) => a.isPremium !== 'Yes') ?? list[0];
  if (!article) throw new Error('no approved article to measure');
  return `/article-details/${article._id}`;
}

/**
 * One Lighthouse run in a Chromium of its own (a second run in the same browser loses its trace's
 * navigation start on current Chromium): the four category scores (0-100), LCP (ms), CLS and the
 * audits that lost points.
 */
async function measure(url) {
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'],
  });
  let lhr;
  try {
    ({ lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    }));
  } finally {
    chrome.kill();
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // A metric Lighthouse could not compute (a trace it lost part of): the run is repeated, not counted.
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time']) {
    const value = lhr.audits[id]?.numericValue;
    if (!Number.isFinite(value))
      throw new Error(`${url}: no ${id} (${lhr.audits[id]?.errorMessage ?? value})`);
  }
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failing = Object.values(lhr.categories)
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0))
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => ({ id: audit.id, score: Math.round(audit.score * 100) }));
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const shortUrl = (url) => (url ? String(url).replace(/^https?:\/\/[^/]+/, '') || '/' : '(unattributed)');
  const details = {
    fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
    longTasks: items('long-tasks').map((t) => ({
      url: shortUrl(t.url),
      startTime: Math.round(t.startTime),
      duration: Math.round(t.duration),
    })),
    work: items('mainthread-work-breakdown').map((w) => ({
      group: w.groupLabel ?? w.group,
      ms: Math.round(w.duration),
    })),
    scripts: items('bootup-time').map((b) => ({
      url: shortUrl(b.url),
      total: Math.round(b.total),
      scripting: Math.round(b.scripting),
      parse: Math.round(b.scriptParseCompile),
    })),
  };
  return {
    details,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    tbtMs: lhr.audits['total-blocking-time'].numericValue,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? 0,
    failing,
  };
}

/** Chromium sometimes loses a trace on a busy machine (NO_NAVSTART): such a run is repeated. */
async function measureWithRetries(url, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url);
    } catch (error) {
      if (attempt >= attempts) throw error;
      log(`${error.message.split('\n')[0]}; again`);
    }
  }
}

/** Which targets a row misses, as readable phrases. */
function misses(row) {
  const out = [];
  for (const key of ['performance', 'accessibility', 'bestPractices', 'seo'])
    if (row[key] < TARGETS[key]) out.push(`${key} ${row[key]} < ${TARGETS[key]}`);
  if (row.lcpMs > TARGETS.lcpMs) out.push(`LCP ${(row.lcpMs / 1000).toFixed(1)} s > 2.0 s`);
  if (row.cls > TARGETS.cls) out.push(`CLS ${row.cls.toFixed(3)} > ${TARGETS.cls}`);
  if (row.tbtMs > TARGETS.tbtMs) out.push(`TBT ${Math.round(row.tbtMs)} ms > ${TARGETS.tbtMs} ms`);
  return out;
}

/** --explain: the median run's long tasks (simulated on a phone), main-thread work and scripts. */
function printDetails(row) {
  const { longTasks, work, scripts } = row.details;
  console.log(
    `\n${row.page}: long tasks (start ms, duration ms, script); only time after the first contentful paint (${row.details.fcpMs} ms) blocks`,
  );
  for (const t of longTasks) console.log(`  ${t.startTime}\t${t.duration}\t${t.url}`);
  console.log(`${row.page}: main-thread work (ms)`);
  console.log(`  ${work.map((w) => `${w.group} ${w.ms}`).join('; ')}`);
  console.log(`${row.page}: scripts (total / scripting / parse+compile ms)`);
  for (const b of scripts) console.log(`  ${b.total}\t${b.scripting}\t${b.parse}\t${b.url}`);
}

async function main() {
  let stack = null;
  let siteUrl = args.url?.replace(/\/$/, '');
  let apiUrl = args.api?.replace(/\/$/, '') ?? 'http://localhost:5000';
  if (!siteUrl) {
    stack = await startStack({ log });
    ({ siteUrl, apiUrl } = stack);
  }
  try {
    const chosen = args.pages?.split(',') ?? ['/', '/all-articles', 'article', '/login'];
    const pages = [];
    for (const page of chosen) pages.push(page === 'article' ? await articlePath(apiUrl) : page);
    const rows = [];
    for (const page of pages) {
      const results = [];
      for (let i = 1; i <= runs; i++) {
        log(`${page} run ${i}/${runs} ...`);
        results.push(await measureWithRetries(`${siteUrl}${page}`));
      }
      const row = { page: page.startsWith('/article-details/') ? '/article-details/:id' : page };
      for (const key of [
        'performance',
        'accessibility',
        'bestPractices',
        'seo',
        'lcpMs',
        'cls',
        'tbtMs',
        'benchmarkIndex',
      ])
        row[key] = median(results.map((r) => r[key]));
      // Each audit that lost points in some run, with its lowest score.
      const lowest = new Map();
      for (const { id, score } of results.flatMap((r) => r.failing))
        lowest.set(id, Math.min(score, lowest.get(id) ?? 100));
      row.failing = [...lowest].map(([id, score]) => `${id} (${score})`);
      row.details = [...results].sort((a, b) => a.tbtMs - b.tbtMs)[
        Math.floor((results.length - 1) / 2)
      ].details;
      rows.push(row);
    }

    console.log('| page | performance | accessibility | best practices | SEO | LCP | CLS | TBT |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const r of rows) {
      const lcp = `${(r.lcpMs / 1000).toFixed(1)} s`;
      console.log(
        `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${lcp} | ${r.cls.toFixed(3)} | ${Math.round(r.tbtMs)} ms |`,
      );
    }
    // Lighthouse's 4x CPU slowdown assumes a host of BenchmarkIndex 1500-2000 (its docs/throttling.md);
    // on a slower host every task it simulates is longer than on the phone it stands for.
    const index = median(rows.map((r) => r.benchmarkIndex));
    console.log(
      `\nhost BenchmarkIndex (median): ${Math.round(index)}${index < 1000 ? ' (below 1000: Lighthouse calls this host slow)' : ''}`,
    );
    let missed = 0;
    for (const r of rows) {
      const m = misses(r);
      missed += m.length;
      if (m.length) console.log(`\n${r.page} misses: ${m.join('; ')}`);
      if (r.failing.length) console.log(`${r.page} audits below 100 in some run: ${r.failing.join(', ')}`);
    }
    if (explain) for (const r of rows) printDetails(r);
    console.log(missed ? `\n${missed} target(s) missed` : '\nEvery target met');
    return strict && missed ? 1 : 0;
  } finally {
    if (stack) await stack.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
