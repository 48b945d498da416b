/** Conformance of the sql step in this build: it loads and counts, and running it is a clear step error. */
import type { ConformanceCase } from '../conformance.test-utils.js';

export const cases: ConformanceCase[] = [
  {
    name: 'is refused at run time with a clear reason',
    plan: 'tasks:\n  - name: q\n    steps:\n      - sql: { url: "sqlite:db.sqlite", query: "select 1 as one" }\n        assert: [rows count 1]\n',
    exit: 1,
    output: ['ERROR q › step 1', 'a sql step cannot run in this build yet'],
  },
];
