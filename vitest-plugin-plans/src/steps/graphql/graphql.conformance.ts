/** Conformance cases of the graphql step against the fixture server's /fixtures/graphql. */
import { startFixtureServer } from '../../../test/run/fixture-server.js';
import type { ConformanceCase, Peer } from '../conformance.test-utils.js';

const fixture = async (): Promise<Peer> => {
  const s = await startFixtureServer();
  return { vars: { BASE: s.url }, close: () => s.close() };
};

export const cases: ConformanceCase[] = [
  {
    name: 'sends the query and variables, and fails on errors',
    peer: fixture,
    plan: [
      'tasks:',
      '  - name: echo',
      '    steps:',
      '      - graphql: { url: "__BASE__/fixtures/graphql", query: "query Q($n: Int) { echo(n: $n) { variables } }", variables: { n: 3 } }',
      '        assert: [body.data.echo.variables.n == 3]',
      '  - name: broken',
      '    steps:',
      '      - graphql: { url: "__BASE__/fixtures/graphql", query: "{ fail }" }',
      '        assert: [status == 200]',
      '',
    ].join('\n'),
    exit: 1,
    output: ['FAIL broken › step 1', 'note: a graphql step fails when the response carries errors', '1 passed 1 failed'],
  },
];
