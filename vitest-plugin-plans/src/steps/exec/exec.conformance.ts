/** Conformance of the exec step in this build: it loads and counts, and running it is a clear step error. */
import type { ConformanceCase } from '../conformance.test-utils.js';

export const cases: ConformanceCase[] = [
  {
    name: 'is refused at run time with a clear reason',
    plan: 'tasks:\n  - name: e\n    steps:\n      - exec: { command: "true" }\n        assert: [exitCode == 0]\n',
    exit: 1,
    output: ['ERROR e › step 1', 'an exec step cannot run in this build yet'],
  },
];
