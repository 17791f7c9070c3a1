// End-to-end runner: `node e2e/run.mjs [filter]`. Runs every e2e/*.e2e.mjs file against the real server (see below).
// A scenario file: `export default [{ name, run: async ({ page, baseUrl, login, context, browser, newContext, shot,
// settle, serverLogs }) => … }]`. newContext(options) opens another browser context like the scenario's own;
// serverLogs() is the server's output so far (info level: SMS codes of the log channel are in it); settle() waits for
// the page's CSS animations (a modal zooming in, a drawer sliding) to finish. A file whose server needs settings of its
// own (fake providers) exports `serverEnv()`, answering them; its scenarios read `baseUrl` as every other file's do.
// A file that needs Chromium started with arguments of its own (fake media capture) exports `browserArgs()`, answering
// them: its scenarios get a browser of their own.
// Each scenario gets a fresh browser context; a failed scenario leaves a screenshot in e2e/artifacts/.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, removeSeededDataDir, startServer } from './server.mjs';

const dir = import.meta.dirname;
const artifacts = join(dir, 'artifacts');
mkdirSync(artifacts, { recursive: true });
const filter = process.argv[2] ?? '';

const files = readdirSync(dir)
  .filter((f) => f.endsWith('.e2e.mjs'))
  .sort();
const suites = [];
for (const f of files) {
  const mod = await import(join(dir, f));
  for (const s of mod.default ?? []) {
    const full = `${f.replace(/\.e2e\.mjs$/, '')} › ${s.name}`;
    if (!filter || full.includes(filter))
      suites.push({ ...s, full, file: f, serverEnv: mod.serverEnv, browserArgs: mod.browserArgs });
  }
}

const slug = (s) => s.replace(/[^\w\u4e00-\u9fa5]+/g, '_').slice(0, 80);

// Screenshots of an earlier run of the same scenarios would mislead: they go first.
for (const f of readdirSync(artifacts))
  if (suites.some((s) => f.startsWith(`${slug(s.full)}__`))) rmSync(join(artifacts, f), { force: true });

/** A file's server: the default settings, and the file's own (`export async function serverEnv()`: its fakes). */
const startE2eServer = async (serverEnv) =>
  startServer({ env: { LOG_LEVEL: 'info', API_DOCS: 'public', ...(await serverEnv?.()) } });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
let passed = 0;
let failed = 0;
let flaky = 0;
// Like Playwright Test's CI setting: a failed scenario runs once more in a fresh context. A pass on the second run is
// reported as flaky (with the first run's error and screenshot kept); a real bug fails both runs. The retry gets a
// fresh server and database, as when the scenario runs alone: what the failed run saved cannot decide the retry.
const retries = Number(process.env.E2E_RETRIES ?? 1);

/** A content-security-policy violation the browser reports (console) in a scenario's contexts fails the scenario. */
const CSP_VIOLATION = /Content Security Policy|Refused to (load|execute|apply|connect|frame)/i;

/** A browser context as every scenario's (options may add to or override these), its CSP violations into `sink`. */
const contextFor =
  (sink, from = browser) =>
  async (options = {}) => {
    const context = await from.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      // The app turns antd's motion off for reduced motion: a modal still zooming in made clicks land off target.
      reducedMotion: 'reduce',
      ...options,
    });
    context.on('console', (msg) => {
      if (CSP_VIOLATION.test(msg.text())) sink.push(`${msg.page()?.url() ?? ''}: ${msg.text()}`);
    });
    return context;
  };

/** The browsers of files with launch arguments of their own (`browserArgs`), by file. */
const ownBrowsers = new Map();
const browserOf = (s) => {
  if (!s.browserArgs) return browser;
  if (!ownBrowsers.has(s.file))
    ownBrowsers.set(
      s.file,
      s
        .browserArgs()
        .then((args) =>
          chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, ...args] }),
        ),
    );
  return ownBrowsers.get(s.file);
};

/** One run of a scenario in a fresh browser context on the worker's server: undefined when it passed, else the error. */
async function attempt(s, label, worker) {
  const { server } = worker;
  const cspViolations = [];
  const newContext = contextFor(cspViolations, await browserOf(s));
  const context = await newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  /** Waits (up to 3 s) until no finite CSS animation runs: a click on a modal still zooming in can miss. */
  const settle = () =>
    page
      .waitForFunction(
        () =>
          document
            .getAnimations()
            .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
        null,
        { timeout: 3000 },
      )
      .catch(() => {});
  /** Saves a screenshot as e2e/artifacts/<file>_<scenario>__<name>.png (of `target`, a page of another context). */
  const shot = async (name, target = page) => {
    // a drawer sliding in or a modal fading out would be caught half-way
    if (target === page) await settle();
    await target.screenshot({ path: join(artifacts, `${slug(s.full)}__${slug(name)}.png`), fullPage: false });
  };
  /** Signs in through the login form and waits for the main shell. */
  const login = async (account = 'admin', password = 'admin@123') => {
    await page.goto(`${server.baseUrl}/login`);
    await page.getByPlaceholder('账号 / 手机号').fill(account);
    await page.getByPlaceholder('密码').fill(password);
    await page
      .getByRole('button', { name: /登\s*录/ })
      .first()
      .click();
    await page.waitForURL(/\/main\//);
    await page.getByTestId('side-menu').waitFor();
  };
  const logsBefore = server.logs().length;
  try {
    await s.run({
      page,
      context,
      browser,
      newContext,
      baseUrl: server.baseUrl,
      login,
      shot,
      settle,
      serverLogs: server.logs,
    });
    if (cspViolations.length)
      throw new Error(`content security policy violated:\n  ${[...new Set(cspViolations)].slice(0, 5).join('\n  ')}`);
    // The server checks every answer against its call's schema (VALIDATE_ANSWERS): one that strayed fails the scenario.
    const stray = /[^\n]*answered outside its contract[^\n]*/.exec(server.logs().slice(logsBefore));
    if (stray) throw new Error(`an answer broke its contract: ${stray[0].slice(0, 600)}`);
    return undefined;
  } catch (err) {
    console.log(
      `${label} ${s.full}\n  ${String(err?.stack ?? err)
        .split('\n')
        .slice(0, 6)
        .join('\n  ')}`,
    );
    if (errors.length) console.log(`  page errors: ${errors.join(' | ')}`);
    await page.screenshot({ path: join(artifacts, `${slug(s.full)}__FAILED.png`) }).catch(() => {});
    if (process.env.E2E_SERVER_LOG) console.log(server.logs().slice(-4000));
    return err;
  } finally {
    await context.close();
  }
}

// Files run in parallel, E2E_WORKERS at a time (default 3: scenarios mostly wait on the server and the browser), each worker with its own server and database; the
// scenarios of one file run in order on their worker's server, so a file may build on what its earlier scenarios saved.
const byFile = Map.groupBy(suites, (s) => s.file);
const queue = [...byFile.values()];
const workerCount = Math.max(1, Math.min(Number(process.env.E2E_WORKERS ?? 3), queue.length));

async function work() {
  const worker = { server: null };
  try {
    for (let files = queue.shift(); files; files = queue.shift()) {
      worker.server ??= await startE2eServer(files[0].serverEnv);
      for (const s of files) {
        const started = Date.now();
        let runs = 1;
        let err = await attempt(s, retries > 0 ? '✗ (will retry)' : '✗', worker);
        while (err && runs <= retries) {
          runs++;
          await worker.server.stop();
          worker.server = await startE2eServer(s.serverEnv);
          err = await attempt(s, runs > retries ? '✗' : '✗ (will retry)', worker);
        }
        if (err) failed++;
        else {
          passed++;
          if (runs > 1) flaky++;
          console.log(`✓ ${s.full} (${Date.now() - started} ms${runs > 1 ? `, flaky: passed on run ${runs}` : ''})`);
        }
      }
      // the next file starts on a fresh server: no file depends on what another one saved
      await worker.server.stop();
      worker.server = null;
    }
  } finally {
    await worker.server?.stop();
  }
}

try {
  await Promise.all(Array.from({ length: workerCount }, work));
} finally {
  await browser.close();
  for (const own of ownBrowsers.values()) await (await own).close();
  await removeSeededDataDir();
}
console.log(`${passed} passed${flaky ? ` (${flaky} flaky)` : ''}, ${failed} failed`);
process.exit(failed ? 1 : 0);
