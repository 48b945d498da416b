/** Conformance cases of the http step against the fixture server. */
import { startFixtureServer } from '../../../test/run/fixture-server.js';
import type { ConformanceCase, Peer } from '../conformance.test-utils.js';

const fixture = async (): Promise<Peer> => {
  const s = await startFixtureServer({ routes: [{ path: '/hello', json: { hello: 'world', n: 12345678901234567890 } }] });
  return { vars: { BASE: s.url }, close: () => s.close() };
};

export const cases: ConformanceCase[] = [
  {
    name: 'answers with its names',
    peer: fixture,
    plan: 'tasks:\n  - name: hello\n    steps:\n      - http: { url: "__BASE__/hello" }\n        assert: [status == 200, body.hello == "world", duration.total < 5s]\n',
    exit: 0,
    output: ['1 passed 0 failed'],
  },
  {
    name: 'an unreachable server is a step error naming the address',
    plan: 'tasks:\n  - name: down\n    steps:\n      - http: { url: "http://127.0.0.1:9/x" }\n        assert: [status == 200]\n',
    exit: 1,
    output: ['ERROR down › step 1', 'connect ECONNREFUSED 127.0.0.1:9', '0 passed 0 failed 1 errored'],
  },
];
