/** The JSON codec alone: exact 64-bit integers, the proto3 JSON forms, defaults, and request faults. */
import { describe, expect, it } from 'vitest';
import { parseJsonExact } from '../../expr/index.js';
import { decodeToJson } from './json-decode.js';
import { encodeJson } from './json-encode.js';
import { shopRoot } from './shop.test-utils.js';

const root = shopRoot();
const Order = root.lookupType('shop.Order');

/** JSON text → wire → JSON text. */
function roundTrip(json: string, type = Order): string {
  const enc = encodeJson(type, json);
  if (!enc.ok) throw new Error(`${enc.message} at ${JSON.stringify(enc.path)}`);
  return decodeToJson(type, enc.bytes);
}

/** The decoded JSON as a plain object, numbers as their exact text. */
function fields(json: string): Record<string, unknown> {
  return JSON.parse(json.replace(/([:[,])(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)(?=[,}\]])/gi, '$1"#$2"')) as Record<string, unknown>;
}

describe('64-bit integers', () => {
  it('keeps uint64 and int64 beyond 2^53 exact in both directions', () => {
    const out = roundTrip('{"id":12345678901234567890,"delta":-9007199254740993,"serial":18446744073709551615,"offset":-9223372036854775808}');
    expect(out).toContain('"id":12345678901234567890');
    expect(out).toContain('"delta":-9007199254740993');
    expect(out).toContain('"serial":18446744073709551615');
    expect(out).toContain('"offset":-9223372036854775808');
    const parsed = parseJsonExact(out);
    if (!parsed.ok || parsed.value.k !== 'map') throw new Error('not a JSON object');
    const id = parsed.value.entries.get('id');
    expect(id?.k === 'num' && id.v.num).toBe(12345678901234567890n);
  });

  it('puts the exact bits on the wire (checked with protobufjs Long decoding)', () => {
    const enc = encodeJson(Order, '{"id":"12345678901234567890","delta":"-9007199254740993"}');
    if (!enc.ok) throw new Error(enc.message);
    const m = Order.decode(enc.bytes) as unknown as { id: { toString(): string }; delta: { toString(): string } };
    expect(m.id.toString()).toBe('12345678901234567890');
    expect(m.delta.toString()).toBe('-9007199254740993');
  });

  it('writes 64-bit wrappers and map keys as exact numbers too', () => {
    const out = roundTrip('{"big":-9007199254740993,"huge":"18446744073709551615","counts":{"a":9007199254740993},"names":{"12345678901234567890":"x"}}');
    expect(out).toContain('"big":-9007199254740993');
    expect(out).toContain('"huge":18446744073709551615');
    expect(out).toContain('"counts":{"a":9007199254740993}');
    expect(out).toContain('"names":{"12345678901234567890":"x"}');
  });

  it('refuses a value out of range or not whole', () => {
    expect(encodeJson(Order, '{"id":-1}')).toMatchObject({ ok: false, path: ['id'], message: expect.stringContaining('out of range for uint64') });
    expect(encodeJson(Order, '{"delta":9223372036854775808}')).toMatchObject({ ok: false, message: expect.stringContaining('out of range for int64') });
    expect(encodeJson(Order, '{"count":1.5}')).toMatchObject({ ok: false, message: 'expected an integer for int32, found the number 1.5' });
  });
});

describe('proto3 JSON forms', () => {
  it('writes enums as names, bytes as base64, floats at their own precision', () => {
    const out = fields(roundTrip('{"status":"SHIPPED","history":["PENDING",2],"blob":"3q2+7w==","ratio":0.1,"score":0.1}'));
    expect(out).toMatchObject({ status: 'SHIPPED', history: ['PENDING', 'SHIPPED'], blob: '3q2+7w==', ratio: '#0.1', score: '#0.1' });
  });

  it('writes Timestamp, Duration, wrappers, Struct, Value, FieldMask and Any canonically', () => {
    const out = fields(
      roundTrip(
        JSON.stringify({
          createdAt: '2024-01-02T03:04:05.5+01:00',
          ttl: '-1.500s',
          note: 'hi',
          attrs: { a: [1, 'x', null, true, { b: {} }] },
          extra: null,
          mask: 'user.displayName,id',
          detail: { '@type': 'type.googleapis.com/common.Money', currencyCode: 'EUR', units: '12345678901234567890'.slice(0, 18) },
        }),
      ),
    );
    expect(out).toMatchObject({
      createdAt: '2024-01-02T02:04:05.500Z',
      ttl: '-1.500s',
      note: 'hi',
      attrs: { a: ['#1', 'x', null, true, { b: {} }] },
      extra: null,
      mask: 'user.displayName,id',
      detail: { '@type': 'type.googleapis.com/common.Money', currencyCode: 'EUR', units: '#123456789012345678', nanos: '#0' },
    });
  });

  it('nests a well-known type inside Any under "value"', () => {
    const out = roundTrip('{"detail":{"@type":"type.googleapis.com/google.protobuf.Duration","value":"3s"}}');
    expect(out).toContain('"detail":{"@type":"type.googleapis.com/google.protobuf.Duration","value":"3s"}');
  });

  it('keeps map<bool, …> key false (protobufjs encode would write it as true)', () => {
    expect(fields(roundTrip('{"flags":{"false":"off","true":"on"}}')).flags).toEqual({ false: 'off', true: 'on' });
  });

  it('accepts proto field names as well as JSON names', () => {
    expect(fields(roundTrip('{"created_at":"1970-01-01T00:00:01Z","total":{"currency_code":"USD"}}'))).toMatchObject({ createdAt: '1970-01-01T00:00:01Z', total: { currencyCode: 'USD' } });
  });
});

describe('defaults', () => {
  it('writes fields without presence at their defaults and leaves unset messages, oneofs and optionals out', () => {
    const out = fields(decodeToJson(Order, new Uint8Array()));
    expect(out).toEqual({
      id: '#0', delta: '#0', status: 'STATUS_UNSPECIFIED', blob: '', tags: [], counts: {}, count: '#0', ratio: '#0', score: '#0',
      flags: {}, names: {}, history: [], serial: '#0', offset: '#0',
    });
  });

  it('writes a set optional even at its default, and the chosen oneof member', () => {
    expect(fields(roundTrip('{"label":"","voucher":"V1"}'))).toMatchObject({ label: '', voucher: 'V1' });
  });
});

describe('request faults', () => {
  it.each([
    ['{"ids":1}', ['ids'], 'no field ids in shop.Order (did you mean id?)'],
    ['{"total":{"unit":1}}', ['total', 'unit'], 'no field unit in common.Money (did you mean units?)'],
    ['{"status":"SHIPED"}', ['status'], 'no value SHIPED in enum shop.Status (did you mean SHIPPED?)'],
    ['{"tags":"a"}', ['tags'], 'field tags is repeated: expected a list, found the string "a"'],
    ['{"card":"c","voucher":"v"}', ['voucher'], 'card and voucher are both in oneof payment; give one of them'],
    ['{"createdAt":"yesterday"}', ['createdAt'], 'expected an RFC 3339 timestamp like "2024-01-02T03:04:05Z", found the string "yesterday"'],
    ['{"blob":"not base64!"}', ['blob'], 'expected base64 text for bytes, found the string "not base64!"'],
    ['{"history":[1,"NOPE"]}', ['history', 1], 'no value NOPE in enum shop.Status'],
  ])('%s', (json, path, message) => {
    expect(encodeJson(Order, json)).toEqual({ ok: false, path, message });
  });

  it('reports a JSON syntax error with its line and column', () => {
    expect(encodeJson(Order, '{"id": }')).toMatchObject({ ok: false, path: [], message: expect.stringContaining('line 1 column 8') });
  });
});
