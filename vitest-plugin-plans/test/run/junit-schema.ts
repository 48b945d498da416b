/**
 * Validates JUnit XML against Jenkins/Surefire's junit-10.xsd (junit-10.xsd
 * beside this file, copied from jenkinsci/xunit-plugin) with `xmllint`, the
 * same check a CI server's JUnit parser makes. Without xmllint the check
 * throws instead of passing: a schema test that silently passes proves
 * nothing (.ci/run installs Debian's libxml2-utils).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The committed schema fixture. */
export const JUNIT_XSD = fileURLToPath(new URL('./junit-10.xsd', import.meta.url));

/** What xmllint said about one file. */
export interface SchemaCheck {
  valid: boolean;
  /** xmllint's messages (stderr), e.g. `Element 'testsuites', attribute 'skipped': The attribute 'skipped' is not allowed.` */
  messages: string;
}

/**
 * `xmllint --noout --schema junit-10.xsd <file>`.
 * @throws Error when xmllint is not installed
 */
export function checkJunitFile(file: string): SchemaCheck {
  const r = spawnSync('xmllint', ['--noout', '--schema', JUNIT_XSD, file], { encoding: 'utf8' });
  if (r.error) {
    const missing = (r.error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new Error(missing ? 'xmllint is not installed: apt-get install -y libxml2-utils (.ci/run does this in CI)' : `xmllint: ${r.error.message}`);
  }
  return { valid: r.status === 0, messages: r.stderr.trim() };
}

/** The same check for XML text (written to a temp file first). */
export function checkJunitText(text: string): SchemaCheck {
  const file = join(mkdtempSync(join(tmpdir(), 'runner-junit-')), 'junit.xml');
  writeFileSync(file, text);
  return checkJunitFile(file);
}
