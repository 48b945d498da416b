/**
 * The image's entry command, run without a Docker engine: the exact argv of the Dockerfile's CMD
 * (only `/data` swapped for a temporary directory, the port picked through PORT), from the
 * repository root (the image's WORKDIR has the same layout), checked with the image's own
 * HEALTHCHECK command.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, mkdtempSync, rmSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT, REPO_ROOT, serve } from './process-helpers.js';

const dockerfile = readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8').replace(/\\\n\s*/g, ' ');

/** The JSON-array argv after `CMD` on the last line starting with `prefix`. */
function execForm(prefix: RegExp): string[] {
  const line = dockerfile.split('\n').filter((l) => prefix.test(l)).pop();
  if (!line) throw new Error(`no ${prefix} line in the Dockerfile`);
  return JSON.parse(line.slice(line.indexOf('['))) as string[];
}

describe('Dockerfile', () => {
  it('is multi-stage on node slim, runs as non-root, declares VOLUME /data and a HEALTHCHECK', () => {
    expect(dockerfile.match(/^FROM /gm)!.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^FROM node:(22|24)-slim\s*$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^VOLUME \/data$/m);
    expect(execForm(/^CMD /)).toEqual(['node', 'service/bin/evaluator.js', 'serve', '--host', '0.0.0.0', '--data', '/data']);
    // Every path the runtime stage copies from the context exists.
    for (const m of dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)) {
      for (const src of m[1]!.split(' ')) expect(existsSync(join(REPO_ROOT, src)), src).toBe(true);
    }
  });

  it.skipIf(!BUILT)('its CMD serves /v1/health and its HEALTHCHECK passes', async () => {
    const data = mkdtempSync(join(tmpdir(), 'evaluator-docker-'));
    const argv = execForm(/^CMD /).map((a) => (a === '/data' ? data : a));
    argv[0] = argv[0] === 'node' ? process.execPath : argv[0]!;
    const srv = await serve(argv, { env: { PORT: '0', EVAL_SLOTS: '1' } });
    try {
      expect(srv.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/);
      const res = await fetch(`http://127.0.0.1:${srv.port}/v1/health`);
      expect(res.status).toBe(200);
      expect((await res.json()).status).toBe('ok');
      const check = execForm(/^HEALTHCHECK /);
      const hc = spawnSync(process.execPath, check.slice(1), { env: { ...process.env, PORT: String(srv.port) }, timeout: 10_000 });
      expect(hc.status).toBe(0);
      expect(existsSync(join(data, 'evaluator.db'))).toBe(true);
    } finally {
      expect(await srv.stop()).toBe(0);
      rmSync(data, { recursive: true, force: true });
    }
  });
});
