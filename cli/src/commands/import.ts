/**
 * `runner import <source> …`: writes a plan on stdout from another format
 * (plan-runner.md §4 "runner import"). Invented values go to stderr as
 * `added:`, what was left out as `not translated:`; anything left out ends
 * the command with exit 1; input that cannot be read or parsed is exit 64.
 * The printed plan is loaded before it is printed, so a plan that would not
 * load is never handed to the user as if it did.
 */
import { fsReason } from 'vitest-plugin-plans/plan';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { CommandSpec, ParsedArgs } from '../args.js';
import { EXIT_USAGE, type Io } from '../io.js';

/** Exit code when items were not translated (spec §7). */
const EXIT_UNTRANSLATED = 1;

/** Flags and arguments of `runner import`. */
export const spec: CommandSpec = {
  name: 'import',
  summary: 'write a plan on stdout from a collection, a request file, a curl command line or an OpenAPI document',
  synopsis: 'import collection <file> | requestfile <file> | openapi <file> | commandline -- <curl arguments>',
  description: [
    'Writes a plan on stdout. What the importer invented is listed on stderr as `added:`,',
    'what it could not translate as `not translated:` (and the command exits 1).',
  ],
  flags: [],
  args: { min: 1, max: 2, what: 'arguments: a source (collection, requestfile, openapi or commandline) and its file' },
  passthrough: true,
};

/** Runs `runner import`. */
export async function run(args: ParsedArgs, io: Io): Promise<number> {
  const imports = await import('vitest-plugin-plans/import');
  const [sourceName, file] = args.positional;
  const source = imports.IMPORT_SOURCES.find((s) => s.name === sourceName);
  if (!source) {
    const names = imports.IMPORT_SOURCES.map((s) => s.name);
    const hint = (await import('../suggest.js')).closest(sourceName ?? '', names);
    io.err(`runner import: unknown source ${sourceName}${hint ? ` (did you mean ${hint}?)` : ''}; one of ${names.join(', ')}`);
    return EXIT_USAGE;
  }
  let input: import('vitest-plugin-plans/import').ImportInput;
  if (source.fromArgs) {
    if (file !== undefined) {
      io.err(`runner import: ${source.synopsis}: the command line goes after --`);
      return EXIT_USAGE;
    }
    if (args.rest.length === 0) {
      io.err(`runner import: ${source.synopsis}: no arguments after --`);
      return EXIT_USAGE;
    }
    input = { text: '', file: 'commandline', dir: io.cwd, args: args.rest };
  } else {
    if (file === undefined) {
      io.err(`runner import: ${source.synopsis}: which file?`);
      return EXIT_USAGE;
    }
    const abs = resolve(io.cwd, file);
    try {
      // A device or pipe (`/dev/zero`) would never end.
      const st = statSync(abs);
      if (!st.isFile()) throw Object.assign(new Error('not a regular file'), { code: 'ENOTREG' });
      input = { text: readFileSync(abs, 'utf8'), file, dir: dirname(abs), args: args.rest };
    } catch (e) {
      io.err(`runner import: open ${file}: ${fsReason(e)}`);
      return EXIT_USAGE;
    }
  }
  const importer = await source.load();
  let report: import('vitest-plugin-plans/import').ImportReport;
  try {
    report = importer(input);
  } catch (e) {
    if (e instanceof imports.ImportInputError) {
      io.err(`runner import: ${input.file}: ${e.message}`);
      return EXIT_USAGE;
    }
    throw e;
  }
  // Never the command line itself: it holds what `-u`, `-H 'Authorization: …'` and `-b` carry.
  const { text, tree } = imports.renderImportedPlanWithTree(report, source.fromArgs ? 'a curl command line' : file!);
  const problems = await loadProblems(text, tree, input.dir);
  if (problems.length > 0) {
    // An importer bug, not the user's input: say so rather than print a plan that will not load.
    io.err(`runner import: internal error: the imported plan does not load; please report it with the input:`);
    for (const p of problems) io.err(`  ${p}`);
    return 70;
  }
  io.out(text.replace(/\n$/, ''));
  for (const line of report.added) io.err(`added: ${line}`);
  for (const line of report.notTranslated) io.err(`not translated: ${line}`);
  if (report.notTranslated.length > 0) {
    io.err(`runner import: ${report.notTranslated.length} item(s) not translated; the plan lists them at the end`);
    return EXIT_UNTRANSLATED;
  }
  return 0;
}

/** Loads the printed plan as if saved beside the input; returns its load errors. */
async function loadProblems(text: string, tree: import('vitest-plugin-plans/plan').PNode, dir: string): Promise<string[]> {
  const plan = await import('vitest-plugin-plans/plan');
  // Secrets come from the environment; the check must not fail because this shell lacks them.
  const loaded = plan.loadPlanText(text, join(dir, 'imported.plan.yaml'), { cwd: dir, tree, environ: new Proxy({}, { get: () => 'x' }) as Record<string, string> });
  if (loaded.ok) return [];
  return loaded.errors.map((e) => plan.renderDiagnostic(e));
}
