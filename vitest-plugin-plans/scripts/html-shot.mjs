#!/usr/bin/env node
// Render an HTML report in headless chromium with every network request
// refused (a proxy that does not exist), then write a screenshot and print the
// DOM chromium built. JavaScript stays on only because chromium's --dump-dom
// and --screenshot produce nothing under --blink-settings=scriptEnabled=false;
// the report has no script at all (the tests assert it), so nothing runs.
//   node scripts/html-shot.mjs <report.html> [out.png]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Chromium flags: headless, no JS, no network, nothing started besides the page. */
export function chromiumArgs(profile) {
  return [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--no-first-run',
    '--disable-component-update',
    '--disable-sync',
    '--proxy-server=http://127.0.0.1:9',
    '--proxy-bypass-list=<-loopback>',
    `--user-data-dir=${profile}`,
  ];
}

/** Run chromium on a file; returns the DOM dump (and writes a screenshot when `png` is given). */
export function renderReport(file, png) {
  const profile = mkdtempSync(join(tmpdir(), 'runner-chromium-'));
  const url = pathToFileURL(resolve(file)).href;
  try {
    if (png) execFileSync('chromium', [...chromiumArgs(profile), '--window-size=1280,1600', `--screenshot=${resolve(png)}`, url], { stdio: 'pipe', timeout: 60_000 });
    return execFileSync('chromium', [...chromiumArgs(profile), '--dump-dom', url], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [file, png] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node scripts/html-shot.mjs <report.html> [out.png]');
    process.exit(64);
  }
  process.stdout.write(renderReport(file, png));
}
