import { describe, expect, it } from 'vitest';
import { parse } from './parse.js';
import { tokenize } from './tokenize.js';

const shape = (src: string) => {
  const r = parse(src);
  expect(r.diagnostics).toEqual([]);
  return r.ast!;
};
const errors = (src: string) => parse(src).diagnostics.map((d) => `${d.column}: ${d.message}`);

describe('tokenize', () => {
  it('keeps hyphenated task names as one name', () => {
    const t = tokenize('tasks.create-order.results.orderId').tokens.map((x) => `${x.kind}:${x.text}`);
    expect(t).toEqual(['ident:tasks', 'op:.', 'task:create-order', 'op:.', 'ident:results', 'op:.', 'ident:orderId', 'eof:']);
  });
  it('keeps a subtraction a subtraction outside tasks', () => {
    expect(tokenize('a-b').tokens.map((x) => x.text)).toEqual(['a', '-', 'b', '']);
  });
  it('reads numbers, prefixed integers and durations', () => {
    const t = tokenize('10.10 1e3 1e-3 10000000000000001 0x1F 0o17 0b101 200ms 1m30s 1.5s 3µs 4us 5ns 2h').tokens;
    expect(t.map((x) => x.kind).slice(0, -1)).toEqual(['num', 'num', 'num', 'num', 'num', 'num', 'num', 'dur', 'dur', 'dur', 'dur', 'dur', 'dur', 'dur']);
    expect(t.slice(4, 7).map((x) => x.value!.toDecimal())).toEqual(['31', '15', '5']);
    expect(t[8]!.value!.toDecimal()).toBe('90000000000');
  });
  it('refuses a literal that is neither a number nor a duration', () => {
    expect(tokenize('status == 200x').diagnostics).toEqual([{ type: 'bad_literal', column: 11, message: '`200x` is neither a number nor a duration' }]);
    expect(tokenize('0x1G').diagnostics[0]!.message).toBe('`0x1G` is neither a number nor a duration');
  });
  it('reads strings with escapes, single quotes and raw backticks', () => {
    const t = tokenize(`"a\\"b" 'c' \`\\d+\``).tokens;
    expect(t.slice(0, 3).map((x) => x.text)).toEqual(['a"b', 'c', '\\d+']);
  });
});

describe('written forms', () => {
  it.each([
    ['responses count 4', 'countIs'],
    ['responses where (it.status == 429) count 1', 'countIs'],
    ['responses where (it.status == 429)', 'where'],
    ['responses all (it.status == 200)', 'quant'],
    ['responses any (it.status == 200)', 'quant'],
    ['responses none (it.status == 200)', 'quant'],
    ['body.items all (.qty > 0)', 'quant'],
    ['tasks.create-order.results.orderId == "x"', 'binary'],
    ['duration.ttfb < 200ms', 'binary'],
    ['exists body.x', 'presence'],
    ['missing body.x', 'presence'],
    ['body.p99 ~= 12.5 ± 0.1', 'approx'],
    ['body.p99 ~= 12.5 +/- 0.1', 'approx'],
    ['body matches schema "s.json"', 'matcher'],
    ['response matches openapi "api.yaml"', 'matcher'],
    ['body matches snapshot "s.json" ignoring ["a", "b[*].c"]', 'matcher'],
    ['body.name not in ["a"]', 'binary'],
    ['body.name not contains "a"', 'binary'],
    ['body.name not matches "^a"', 'binary'],
    ['body.name not startsWith "a"', 'binary'],
    ['body.name not endsWith "a"', 'binary'],
    ['a ? b : c', 'cond'],
    ['body?.x', 'member'],
    ['x[0:3]', 'slice'],
    ['x[:3]', 'slice'],
    ['x[-1]', 'index'],
    ['headers["retry-after"]', 'index'],
    ['len(x) == 2 and count(x, .a == 1) == 1', 'binary'],
    ['filter(x, it > 1)', 'call'],
    ['map(x, it.a)', 'call'],
    ['[1, 2, 3]', 'list'],
    ['nil == nil', 'binary'],
    ['not true', 'unary'],
  ])('%s parses as %s', (src, type) => {
    expect(shape(src).type).toBe(type);
  });

  it('binds where tighter than count and count at comparison level', () => {
    const ast = shape('responses where (it.status == 429) count 1 and status == 200');
    expect(ast.type).toBe('binary');
    if (ast.type === 'binary') {
      expect(ast.op).toBe('and');
      expect(ast.left.type).toBe('countIs');
    }
  });
  it('reads `not a == b` as not (a == b)', () => {
    const ast = shape('not status == 200');
    expect(ast.type === 'unary' && ast.operand.type).toBe('binary');
  });
  it('marks negated word operators', () => {
    const ast = shape('"x" not in headers');
    expect(ast.type === 'binary' && ast.negated).toBe(true);
  });
  it('gives precedence * over + over comparison', () => {
    const ast = shape('1 + 2 * 3 == 7');
    expect(ast.type === 'binary' && ast.op).toBe('==');
  });
});

describe('malformed forms name the expected shape', () => {
  it.each([
    ['responses count', '11: `count` needs the shape `X count N`, e.g. `responses count 4`'],
    ['responses count == 3', '17: `count` needs the shape `X count N`, e.g. `responses count 4`'],
    ['responses all it.status == 200', '15: `all` needs the shape `X all (predicate)`, e.g. `responses all (it.status == 200)`'],
    ['responses any', '14: `any` needs the shape `X any (predicate)`, e.g. `responses any (it.status == 429)`'],
    ['responses none ()', '17: `none` needs the shape `X none (predicate)`, e.g. `responses none (it.status >= 500)`'],
    ['responses where it.status', '17: `where` needs the shape `X where (predicate)`, e.g. `responses where (it.status == 429)`'],
    ['exists 3', '8: `exists` needs the shape `exists <path>`, e.g. `exists body.id`'],
    ['exists', '7: `exists` needs the shape `exists <path>`, e.g. `exists body.id`'],
    ['missing (1 + 2)', '9: `missing` needs the shape `missing <path>`, e.g. `missing body.error`'],
    ['body.p ~= 12.5', '8: `~=` needs the shape `A ~= B ± T` (or `A ~= B +/- T`), e.g. `body.p99 ~= 12.5 ± 0.1`'],
    ['body.p ~= 12.5 0.1', '16: `~=` needs the shape `A ~= B ± T` (or `A ~= B +/- T`), e.g. `body.p99 ~= 12.5 ± 0.1`'],
    ['body matches schema', '14: `matches schema` needs the shape `X matches schema "<file>"` with the file as a string literal'],
    ['body matches schema file', '21: `matches schema` needs the shape `X matches schema "<file>"` with the file as a string literal'],
    ['response matches openapi', '18: `matches openapi` needs the shape `response matches openapi "<file>"` with the file as a string literal'],
    ['body matches snapshot "s.json" ignoring', '32: `ignoring` needs the shape `ignoring ["<path>", ...]` with string literal paths'],
    ['body matches snapshot "s.json" ignoring [a]', '42: `ignoring` needs the shape `ignoring ["<path>", ...]` with string literal paths'],
    ['"abc', '1: unterminated string'],
    ['status == 200)', '14: unbalanced ): no ( opens it'],
    [')', '1: unbalanced ): no ( opens it'],
    ['(status == 200', '1: unclosed (: no ) closes it'],
    ['len(body', '4: unclosed (: no ) closes it'],
    ['status ==', '10: expected an expression, found the end of the expression'],
    ['body.ok true', '9: expected an operator or the end of the expression, found `true`'],
    ['a not b', '7: expected in, contains, matches, startsWith or endsWith after not, found `b`'],
  ])('%s', (src, message) => {
    expect(errors(src)).toEqual([message]);
  });

  it('refuses anything but the word response left of matches openapi', () => {
    expect(errors('body matches openapi "a.yaml"')[0]).toMatch(/^1: the left operand of `matches openapi` must be the word response/);
  });
  it('never rewrites string literals', () => {
    const ast = shape('body.s == "x count 3 and exists y"');
    expect(ast.type === 'binary' && ast.right.type === 'str' && ast.right.value).toBe('x count 3 and exists y');
  });
});
