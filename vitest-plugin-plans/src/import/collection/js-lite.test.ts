import { describe, expect, it } from 'vitest';
import { readScript } from './js-lite.js';
import { tokenize } from './js-tokens.js';

describe('tokenize', () => {
  it('tells a regular expression from a division by what comes before', () => {
    expect(tokenize('x.match(/a\\/b[/]/g)').map((t) => t.t)).toEqual(['id', 'p', 'id', 'p', 're', 'p', 'eof']);
    expect(tokenize('a / b / c').filter((t) => t.t === 'p').map((t) => t.v)).toEqual(['/', '/']);
  });

  it('drops comments and counts lines', () => {
    const t = tokenize('// one\n/* two\n*/ x\n"y"');
    expect(t.map((x) => [x.v, x.line, x.nl])).toEqual([['x', 3, true], ['y', 4, true], ['', 4, true]]);
  });

  it('reads escapes in strings and refuses an unterminated one', () => {
    expect(tokenize(String.raw`'a\'b\n\u00e9'`)[0]!.v).toBe("a'b\né");
    expect(() => tokenize('"open')).toThrow('unterminated string');
  });
});

describe('readScript', () => {
  it('ends statements at ; or a line break, and goes on when the next line continues', () => {
    const st = readScript(['var a = pm.response.json()', 'pm.expect(a.x)', '  .to.eql(1); pm.expect(a.y).to.eql(2)']);
    expect(st.map((s) => [s.line, s.text])).toEqual([
      [1, 'var a = pm.response.json()'],
      [2, 'pm.expect(a.x)\n  .to.eql(1);'],
      [3, 'pm.expect(a.y).to.eql(2)'],
    ]);
    expect(st.every((s) => s.decl || s.expr)).toBe(true);
  });

  it('keeps a statement it cannot follow as opaque text, whole blocks included', () => {
    const st = readScript(['if (x) {', '  y();', '} else { z(); }', 'for (;;) {}', 'done()']);
    expect(st.map((s) => [s.line, s.text, s.expr === undefined])).toEqual([
      [1, 'if (x) {\n  y();\n} else { z(); }', true],
      [4, 'for (;;) {}', true],
      [5, 'done()', false],
    ]);
  });

  it('reads function and arrow bodies as statements', () => {
    const [st] = readScript(['pm.test("t", () => { a(); b() })']);
    const call = st!.expr as Extract<NonNullable<typeof st>['expr'], { k: 'call' }>;
    expect(call.args[1]).toMatchObject({ k: 'fn', body: [{ text: 'a();' }, { text: 'b()' }] });
  });
});
