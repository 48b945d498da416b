/** Conformance of the script step in this build: it loads and counts, and running it is a clear step error. */
import type { ConformanceCase } from '../conformance.test-utils.js';

export const cases: ConformanceCase[] = [
  {
    name: 'is refused at run time with a clear reason',
    plan: 'tasks:\n  - name: s\n    steps:\n      - script: { runtime: node, source: "1" }\n        assert: [ok == true]\n',
    exit: 1,
    output: ['ERROR s › step 1', 'a script step cannot run in this build yet'],
  },
];
