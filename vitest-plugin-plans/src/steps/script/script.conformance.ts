/**
 * Conformance cases of the script step against real runtimes (node,
 * python3, bash), through `runner run`: the stdin protocol (env, another
 * task's results, run.id, args), checks that pass and fail with their detail,
 * an exact result, logs, an unverified script, junk on fd 3, a missing
 * runtime, a non-zero exit, and a timeout that kills the script's group.
 */
import type { ConformanceCase } from '../conformance.test-utils.js';

const lines = (...l: string[]) => [...l, ''].join('\n');

/** Node: checks the protocol input and answers with checks, a result and a log. */
const NODE_CHECK = lines(
  "const fs = require('node:fs');",
  "const input = JSON.parse(fs.readFileSync(0, 'utf8'));",
  "const send = (m) => fs.writeSync(3, JSON.stringify(m) + '\\n');",
  "send({ check: 'env arrived', ok: input.env.base === 'http://shop.test', detail: input.env });",
  "send({ check: 'upstream result', ok: input.tasks.seed.results.id === 'A-17' });",
  "send({ log: 'args ' + input.args.join('|') + ' run ' + input.run.id.length });",
  "fs.writeSync(3, '{\"result\": {\"total\": 12345678901234567890.0123456789, \"first\": true}}\\n');",
  "fs.writeSync(3, '{\"result\": {\"total\": 12345678901234567890.0123456789, \"args\": ' + JSON.stringify(input.args) + '}}\\n');",
);

/** Python: the same protocol from another runtime. */
const PY_CHECK = lines(
  'import json, os, sys',
  'data = json.load(sys.stdin)',
  'out = os.fdopen(3, "w")',
  'out.write(json.dumps({"check": "seed id", "ok": data["tasks"]["seed"]["results"]["id"] == "A-17"}) + "\\n")',
  'out.write(json.dumps({"result": {"n": len(data["args"]), "first": data["args"][0]}}) + "\\n")',
);

const seed = ['  - name: seed', '    steps:', '      - exec: { command: echo, args: [A-17] }', '        assert: [exitCode == 0]', '        results: { id: "stdout[0:4]" }'];

export const cases: ConformanceCase[] = [
  {
    name: 'node and python3: the stdin protocol, checks, an exact result (the last wins) and logs',
    files: { 'check.js': NODE_CHECK, 'checks/check.py': PY_CHECK },
    plan: lines(
      'env:',
      '  base: http://shop.test',
      'tasks:',
      ...seed,
      '  - name: node',
      '    needs: [seed]',
      '    steps:',
      '      - script: { runtime: node, file: ./check.js, args: ["a b", "{{ tasks.seed.results.id }}"] }',
      '        assert:',
      '          - ok == true',
      '          - result.total == 12345678901234567890.0123456789',
      '          - result.args == ["a b", "A-17"] and result.first == nil',
      '          - logs == ["args a b|A-17 run 26"]',
      '          - checks count 2 and checks all (.ok == true)',
      '          - exitCode == 0 and stdout == "" and duration.total < 20s',
      '  - name: python',
      '    needs: [seed]',
      '    steps:',
      '      - script: { runtime: python3, file: ./checks/check.py, args: [x, y] }',
      '        assert: [ok == true, result.n == 2, result.first == "x"]',
    ),
    exit: 0,
    output: ['3 passed 0 failed'],
    absent: ['unverified'],
  },
  {
    name: 'a failed check fails the step, shown like an assertion with its detail; ok is false',
    plan: lines(
      'tasks:',
      '  - name: totals',
      '    steps:',
      '      - script:',
      '          runtime: node',
      '          source: |',
      "            const fs = require('node:fs');",
      "            fs.writeSync(3, JSON.stringify({ check: 'sum matches', ok: false, detail: { want: 3, got: 4 } }) + '\\n');",
      "            fs.writeSync(3, JSON.stringify({ check: 'has rows', ok: true }) + '\\n');",
      "            fs.writeSync(3, JSON.stringify({ check: 'text detail', ok: false, detail: 'line one\\nline two' }) + '\\n');",
      "            fs.writeSync(3, JSON.stringify({ log: 'summed 2 rows' }) + '\\n');",
      '        assert: [ok == false]',
    ),
    exit: 1,
    output: [
      'FAIL totals › step 1 › assert #2',
      'script node (inline source)',
      'exit code 0',
      'log:\n    summed 2 rows',
      'assert check sum matches failed', '    {"want":3,"got":4}',
      'assert check text detail failed', '    line one\n    line two',
      '0 passed 1 failed',
    ],
    absent: ['check has rows failed'],
  },
  {
    name: 'a script that ends ok without a check is unverified: passed (1 unverified) and the unverified line',
    plan: lines(
      'tasks:',
      '  - name: quiet',
      '    steps:',
      '      - script: { runtime: bash, source: "read -r line; echo \\"{\\\\\\"result\\\\\\": ${#line}}\\" >&3" }',
      '        assert: [ok == true, result > 10]',
      '  - name: checked',
      '    steps:',
      '      - script: { runtime: bash, source: "echo \'{\\"check\\": \\"fine\\", \\"ok\\": true}\' >&3" }',
      '        assert: [ok == true]',
    ),
    exit: 0,
    output: ['unverified: quiet › step 1: the script ended ok without a check', '2 passed (1 unverified) 0 failed'],
  },
  {
    name: 'junk on fd 3 is a step error naming the line number and the line, cut short',
    plan: lines(
      'tasks:',
      '  - name: junk',
      '    steps:',
      '      - script:',
      '          runtime: node',
      '          source: |',
      "            const fs = require('node:fs');",
      "            fs.writeSync(3, '{\"log\": \"fine\"}\\n\\n');",
      "            fs.writeSync(3, 'progress: ' + 'x'.repeat(200) + '\\n');",
      '        assert: [ok == true]',
    ),
    exit: 1,
    output: ['ERROR junk › step 1', 'log:\n    fine', `error: script: fd 3 line 3 is not a protocol message: "progress: ${'x'.repeat(70)}"… (210 bytes) (not JSON: `, '0 passed 0 failed 1 errored'],
  },
  {
    name: 'a missing runtime is a step error naming it; a non-zero exit makes ok false',
    plan: lines(
      'tasks:',
      '  - name: no-runtime',
      '    steps:',
      '      - script: { runtime: python9-not-here, source: "print(1)" }',
      '        assert: [ok == true]',
      '  - name: exits-2',
      '    steps:',
      '      - script: { runtime: node, source: "console.error(\'boom\'); process.exit(2)" }',
      '        assert: [ok == false, exitCode == 2, stderr == "boom\\n", checks count 0]',
    ),
    exit: 1,
    output: ['ERROR no-runtime › step 1', 'script: no such runtime: python9-not-here (not found on PATH)', '1 passed 0 failed 1 errored'],
    absent: ['unverified'],
  },
  {
    // 2s, not less: under a loaded CI machine node itself can take most of a second to start.
    name: 'a timeout kills the script and what it started; the output so far is kept',
    plan: lines(
      'tasks:',
      '  - name: hangs',
      '    steps:',
      '      - script:',
      '          runtime: node',
      '          timeout: 2s',
      '          source: |',
      "            require('node:child_process').spawn('sleep', ['30'], { stdio: 'inherit' });",
      "            console.log('waiting');",
      "            require('node:fs').writeSync(3, JSON.stringify({ log: 'started sleep' }) + '\\n');",
      '            setInterval(() => {}, 1000);',
      '        assert: [ok == true]',
    ),
    exit: 1,
    output: ['TIMEOUT hangs › step 1', 'killed by SIGTERM', 'log:\n    started sleep', 'stdout:\n    waiting', 'deadline hit waiting for the script to exit', '1 timed out'],
    absent: ['leak:'],
  },
];
