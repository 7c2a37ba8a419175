/**
 * Lighthouse 12 (mobile, its default simulated throttling) against pages of a running server, in
 * Debian's Chromium started here with a debugging port. Only the performance category: nothing in
 * it needs the network, and Chromium is told to resolve no host but 127.0.0.1 besides, so a
 * request off this machine fails at once and is listed in the result instead of leaving.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '@truss/e2e/support/browser';
import { freePort } from '@truss/e2e/support/server';

export interface LighthouseResult {
  url: string;
  /** 0-100. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
  /** Lighthouse's CPU benchmark of the machine during the run (it calls under 1000 unreliable). */
  benchmarkIndex: number;
  /** Requests the page made to any host other than 127.0.0.1 (each failed: none resolves). */
  offHost: string[];
  /** Lighthouse's own run warnings and what its top opportunities would save. */
  warnings: string[];
  opportunities: string[];
}

/** Runtime errors of a broken trace, not of the page: Lighthouse asks to run it again. */
const RETRYABLE = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST']);

interface LighthouseBrowser {
  /** Puts the signed-in session (localStorage) into the browser's profile for `origin`. */
  setLocalStorage(origin: string, items: Record<string, string>): Promise<void>;
  /** One run; again (up to three in all) when Lighthouse's trace missed the page load. */
  run(url: string): Promise<LighthouseResult>;
  close(): Promise<void>;
}

async function waitForDebugger(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`chromium exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('chromium did not open its debugging port');
}

export async function launchLighthouseBrowser(): Promise<LighthouseBrowser> {
  const profile = await mkdtemp(path.join(tmpdir(), 'truss-lighthouse-'));
  const port = await freePort();
  const child = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [
      ...CHROMIUM_ARGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await waitForDebugger(port, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const runLighthouse = async (url: string, attempt = 1): Promise<LighthouseResult> => {
    const result = await lighthouse(url, {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
      formFactor: 'mobile',
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
    if (lhr.runtimeError) {
      // Its trace of the load now and then lacks the navigation; it says to run it again.
      if (RETRYABLE.has(lhr.runtimeError.code) && attempt < 3) {
        console.error(`lighthouse ${url}: ${lhr.runtimeError.code}, running it again`);
        return runLighthouse(url, attempt + 1);
      }
      throw new Error(`lighthouse ${url}: ${lhr.runtimeError.message}`);
    }
    // TRUSS_LIGHTHOUSE_REPORTS=<dir>: every run's full report (JSON), to read its audits.
    const reports = process.env.TRUSS_LIGHTHOUSE_REPORTS;
    if (reports) {
      await mkdir(reports, { recursive: true });
      const name = new URL(url).pathname.replace(/[^\w]+/g, '_');
      await writeFile(path.join(reports, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests = (lhr.audits['network-requests']?.details as { items?: { url: string }[] })
      ?.items;
    const offHost = (requests ?? [])
      .map((item) => item.url)
      .filter((u) => /^https?:/.test(u) && new URL(u).hostname !== '127.0.0.1');
    const opportunities = Object.values(lhr.audits)
      .filter(
        (a) =>
          a.details?.type === 'opportunity' &&
          a.score !== null &&
          a.score < 0.9 &&
          (a.numericValue ?? 0) > 0,
      )
      .map((a) => `${a.id} ${Math.round(a.numericValue ?? 0)} ms`);
    return {
      url,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      fcpMs: audit('first-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      offHost,
      warnings: lhr.runWarnings,
      opportunities,
    };
  };

  return {
    async setLocalStorage(origin, items) {
      // Playwright on the same browser: its first context is the profile Lighthouse's pages use.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      try {
        const context = browser.contexts()[0];
        if (!context) throw new Error('chromium has no default context');
        const page = await context.newPage();
        await page.goto(`${origin}/robots.txt`);
        await page.evaluate((entries) => {
          for (const [key, value] of entries) localStorage.setItem(key, value);
        }, Object.entries(items));
        await page.close();
      } finally {
        // Disconnects; the browser launched here keeps running.
        await browser.close();
      }
    },
    run: runLighthouse,
    async close() {
      child.kill('SIGTERM');
      await exited;
      await rm(profile, { recursive: true, force: true });
    },
  };
}
