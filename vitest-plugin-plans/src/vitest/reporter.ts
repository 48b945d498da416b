/**
 * The Vitest reporter that writes the runner's own reports. It renders from
 * the event logs the test workers wrote (one per plan module), with the same
 * renderers `runner run` uses, so `vitest run --project plans` and
 * `runner run --junit --tap --html --events` write the same files.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, resolve } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { parseEventLog } from '../events/log.js';
import { createRunModel } from '../report/model.js';
import { renderJunit } from '../report/junit.js';
import { renderTap } from '../report/tap.js';
import { renderHtml } from '../report/html.js';
import { eventsFileFor } from './events-file.js';
import type { PlansExports } from './options.js';
import { modulePath } from './shard-sequencer.js';

/** A plan's name in export paths: its file name without `.plan.yaml` (or `.yaml`). */
export function planName(moduleId: string): string {
  return basename(moduleId).replace(/(\.plan)?\.ya?ml$/, '');
}

/**
 * The path an export of one plan goes to: `[name]` is replaced by the plan's
 * name; a template without `[name]` gets `.<name>` before its extension when
 * more than one plan ran, so no plan overwrites another's report.
 */
export function exportPath(template: string, name: string, plans: number): string {
  if (template.includes('[name]')) return template.split('[name]').join(name);
  if (plans <= 1) return template;
  const ext = extname(template);
  return `${template.slice(0, template.length - ext.length)}.${name}${ext}`;
}

export interface PlansReporterOptions {
  exports: PlansExports;
  /** Directory the workers write event logs to. */
  eventsDir: string;
  /** Directory export paths are relative to (the Vitest root). */
  root: string;
  /** Which modules are plans. */
  include: RegExp;
  /** The Vitest project whose modules this reporter renders. */
  project: string;
}

/** Writes the configured exports of every plan module when the run ends. */
export class PlansReporter implements Reporter {
  constructor(private readonly options: PlansReporterOptions) {}

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    // A shard's module id is the plan's path plus `?shard=i/n`; the worker's log is keyed by the path.
    const plans = testModules.filter((m) => m.project.name === this.options.project && this.options.include.test(modulePath(m.moduleId)));
    const { exports, eventsDir, root } = this.options;
    for (const m of plans) {
      const file = modulePath(m.moduleId);
      const logFile = eventsFileFor(eventsDir, file);
      if (!existsSync(logFile)) continue;
      const name = planName(file);
      const out = (template: string) => {
        const p = resolve(root, exportPath(template, name, plans.length));
        mkdirSync(dirname(p), { recursive: true });
        return p;
      };
      try {
        if (exports.events) copyFileSync(logFile, out(exports.events));
        if (exports.junit || exports.tap || exports.html) {
          const model = createRunModel();
          for (const ev of parseEventLog(readFileSync(logFile, 'utf8'))) model.add(ev);
          if (exports.junit) writeFileSync(out(exports.junit), renderJunit(model));
          if (exports.tap) writeFileSync(out(exports.tap), renderTap(model));
          if (exports.html) writeFileSync(out(exports.html), renderHtml(model));
        }
      } catch (e) {
        // An export that cannot be written fails the run, as it raises `runner run`'s exit code.
        process.exitCode = Math.max(typeof process.exitCode === 'number' ? process.exitCode : 0, 2);
        console.error(`vitest-plugin-plans: ${file}: ${(e as Error).message}`);
      } finally {
        rmSync(logFile, { force: true });
      }
    }
  }
}
