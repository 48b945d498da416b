/** checkCall: unknown service, method and request keys, each with a suggestion and a path into the request. */
import { describe, expect, it } from 'vitest';
import { checkCall } from './check-call.js';
import { shopRoot } from './shop.test-utils.js';

const root = shopRoot();
const check = (service: string, method: string, requests?: unknown[], many?: boolean) => checkCall(root, 'shop.proto', { service, method, requests, many });

describe('checkCall', () => {
  it('accepts a well-formed call, templates included', () => {
    expect(check('shop.Orders', 'Echo', [{ id: 12345678901234567890n, status: 'SHIPPED', total: { units: '{{ n }}' }, tags: ['a'], createdAt: '{{ now }}', attrs: { any: [1] } }])).toEqual([]);
  });

  it('suggests the closest service', () => {
    expect(check('shop.Order', 'Get')).toEqual([{ where: 'service', message: 'no service shop.Order in shop.proto (did you mean shop.Orders?)' }]);
  });

  it('suggests the full name of a service written without its package', () => {
    expect(check('Orders', 'Get')).toEqual([{ where: 'service', message: 'no service Orders in shop.proto (did you mean shop.Orders?)' }]);
  });

  it('lists the services when none is close', () => {
    expect(check('billing.Invoices', 'Get')).toEqual([{ where: 'service', message: 'no service billing.Invoices in shop.proto; it declares shop.Orders' }]);
  });

  it('suggests the closest method', () => {
    expect(check('shop.Orders', 'Gett')).toEqual([{ where: 'method', message: 'no method Gett in service shop.Orders (did you mean Get?)' }]);
  });

  it('reports unknown request keys, nested ones too, with their path', () => {
    expect(check('shop.Orders', 'Echo', [{ idd: 1, total: { currency: 'EUR' }, history: ['PENDING', 'SHIPED'] }])).toEqual([
      { where: 'request', index: 0, path: ['idd'], message: 'no field idd in shop.Order (did you mean id?)' },
      { where: 'request', index: 0, path: ['total', 'currency'], message: 'no field currency in common.Money (did you mean currencyCode?)' },
      { where: 'request', index: 0, path: ['history', 1], message: 'no value SHIPED in enum shop.Status (did you mean SHIPPED?)' },
    ]);
  });

  it('reports literal values of the wrong kind', () => {
    expect(check('shop.Orders', 'Echo', [{ tags: 'a', note: 5, count: 1.5, total: [1], createdAt: 5 }])).toEqual([
      { where: 'request', index: 0, path: ['tags'], message: 'field tags is repeated: expected a list, found the string "a"' },
      { where: 'request', index: 0, path: ['note'], message: 'field note is google.protobuf.StringValue: expected a string, found the number 5 (quote it)' },
      { where: 'request', index: 0, path: ['count'], message: 'field count is int32: expected an integer, found the number 1.5' },
      { where: 'request', index: 0, path: ['total'], message: 'expected an object for common.Money, found a list' },
      { where: 'request', index: 0, path: ['createdAt'], message: 'expected an RFC 3339 timestamp like "2024-01-02T03:04:05Z", found the number 5' },
    ]);
    expect(check('shop.Orders', 'Echo', [{ count: 'ten', big: '12', id: '{{ id }}', huge: 12345678901234567890n }])).toEqual([
      { where: 'request', index: 0, path: ['count'], message: 'field count is int32: expected an integer, found the string "ten"' },
    ]);
  });

  it('numbers each entry of requests:', () => {
    expect(check('shop.Orders', 'Add', [{ n: 1 }, { m: 2 }], true)).toEqual([{ where: 'request', index: 1, path: ['m'], message: 'no field m in shop.Item (did you mean n?)' }]);
  });

  it('refuses requests: on a method that takes one request', () => {
    expect(check('shop.Orders', 'List', [{ limit: 1 }, { limit: 2 }], true)).toEqual([
      { where: 'request', path: [], message: 'shop.Orders.List is server streaming: it takes one request; write request: instead of requests:' },
    ]);
  });
});
