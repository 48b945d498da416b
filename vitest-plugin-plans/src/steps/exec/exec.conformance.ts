/**
 * Conformance cases of the exec step against real child processes, through
 * `runner run`: exit codes and streams, env merged over the runner's, stdin,
 * cwd, output caps, the failure block, a timeout that keeps the output, a
 * signal as a result, a missing command, a leak line, secrets scrubbed.
 */
import type { ConformanceCase } from '../conformance.test-utils.js';

const plan = (...lines: string[]) => ['tasks:', ...lines, ''].join('\n');

export const cases: ConformanceCase[] = [
  {
    name: 'exit code, stdout, stderr, templated args and env merged over the runner environment',
    plan: [
      'env:',
      '  greeting: hello',
      ...plan(
        '  - name: basics',
        '    steps:',
        '      - exec:',
        '          command: sh',
        '          args: ["-c", "echo \\"$GREETING {{ env.greeting }}\\"; test -n \\"$PATH\\" && test -n \\"$RUNNER_STEP\\" && echo merged; echo oops >&2; exit 7"]',
        '          env: { GREETING: "{{ env.greeting }}-env" }',
        '        assert:',
        '          - exitCode == 7',
        '          - stdout == "hello-env hello\\nmerged\\n"',
        '          - stderr == "oops\\n"',
        '          - signal == nil',
        '          - truncated.stdout == false and truncated.stderr == false',
        '          - duration.total < 10s',
      ).split('\n'),
    ].join('\n'),
    exit: 0,
    output: ['1 passed 0 failed'],
  },
  {
    name: 'stdin is fed (templated); cwd is relative to the plan',
    files: { 'sub/marker.txt': 'found me' },
    plan: plan(
      '  - name: stdin',
      '    steps:',
      '      - exec: { command: cat, stdin: "line 1\\n{{ run.id }}" }',
      '        assert: [stdout startsWith "line 1\\n", len(stdout) == 33]',
      '  - name: cwd',
      '    steps:',
      '      - exec: { command: cat, args: [marker.txt], cwd: sub }',
      '        assert: [stdout == "found me", exitCode == 0]',
    ),
    exit: 0,
    output: ['2 passed 0 failed'],
  },
  {
    name: 'output past maxOutput (and past the 1 MiB default) is cut and marked truncated',
    plan: plan(
      '  - name: small-cap',
      '    steps:',
      '      - exec: { command: sh, args: ["-c", "head -c 3000 /dev/zero | tr \\"\\\\000\\" a; echo err >&2"], maxOutput: 1000 }',
      '        assert: [len(stdout) == 1000, truncated.stdout == true, truncated.stderr == false, stderr == "err\\n"]',
      '  - name: default-cap',
      '    steps:',
      '      - exec: { command: sh, args: ["-c", "head -c 1500000 /dev/zero | tr \\"\\\\000\\" b >&2"] }',
      '        assert: [len(stderr) == 1048576, truncated.stderr == true, stdout == ""]',
    ),
    exit: 0,
    output: ['2 passed 0 failed'],
  },
  {
    name: 'the failure block: command line, exit code, the last 20 lines of stdout and stderr',
    plan: plan(
      '  - name: fails',
      '    steps:',
      '      - exec: { command: sh, args: ["-c", "for i in $(seq 1 30); do echo out $i; done; echo bad >&2; exit 3"] }',
      '        assert: [exitCode == 0]',
    ),
    exit: 1,
    output: [
      'FAIL fails › step 1 › assert #1',
      `exec sh -c 'for i in $(seq 1 30); do echo out $i; done; echo bad >&2; exit 3'`,
      'exit code 3 (',
      'stdout (last 20 of 30 lines, 201 bytes):',
      '    out 11\n',
      '    out 30\n',
      'stderr:\n    bad\n',
      'assert exitCode == 0 failed',
      'exitCode = 3',
      '0 passed 1 failed',
    ],
    absent: ['out 10\n'],
  },
  {
    name: 'a timeout kills the group and keeps the output read so far',
    plan: plan(
      '  - name: slow',
      '    steps:',
      '      - exec: { command: sh, args: ["-c", "echo before; sleep 30; echo after"], timeout: 300ms }',
      '        assert: [exitCode == 0]',
    ),
    exit: 1,
    output: ['TIMEOUT slow › step 1', 'killed by SIGTERM', 'stdout:\n    before\n', 'deadline hit waiting for the command to exit', 'step deadline 300ms reached', '1 timed out'],
    absent: ['    after'],
  },
  {
    name: 'a command ended by a signal of its own is a result: exitCode nil, signal named',
    plan: plan('  - name: killed', '    steps:', '      - exec: { command: sh, args: ["-c", "kill -9 $$"] }', '        assert: [exitCode == nil, signal == "SIGKILL"]'),
    exit: 0,
    output: ['1 passed 0 failed'],
  },
  {
    name: 'a command that does not exist is a step error naming it',
    plan: plan(
      '  - name: missing',
      '    steps:',
      '      - exec: { command: no-such-command-xyz, args: [a] }',
      '        assert: [exitCode == 0]',
      '  - name: missing-file',
      '    steps:',
      '      - exec: { command: ./bin/nothing-here }',
      '        assert: [exitCode == 0]',
    ),
    exit: 1,
    output: ['exec: no such command: no-such-command-xyz (not found on PATH)', 'exec: no such command: ./bin/nothing-here (no such file)', '0 passed 0 failed 2 errored'],
  },
  {
    name: 'a process left running gets the leak line (and the task still passes)',
    plan: plan('  - name: leaky', '    steps:', '      - exec: { command: sh, args: ["-c", "sleep 30 & echo started"] }', '        assert: [stdout == "started\\n"]'),
    exit: 0,
    output: ['leak: task leaky step 1: pid ', ' sleep 30 still running', '1 passed 0 failed'],
  },
  {
    name: 'secrets are scrubbed from the command line and the output',
    plan: [
      'env:',
      '  token: { fromEnv: RUNNER_EXEC_CONFORMANCE_UNSET, default: "tok-3f9a1c", secret: true }',
      ...plan('  - name: leaks-secret', '    steps:', '      - exec: { command: echo, args: ["{{ env.token }}"] }', '        assert: [exitCode == 1]').split('\n'),
    ].join('\n'),
    exit: 1,
    output: ['FAIL leaks-secret', 'exec echo [secret:env.token]', '    [secret:env.token]'],
    absent: ['tok-3f9a1c'],
  },
];
