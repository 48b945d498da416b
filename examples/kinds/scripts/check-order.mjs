// Run by examples/kinds/script.plan.yaml: the script protocol in node. The input
// ({ env, tasks, run, args }) is JSON on stdin; checks, logs and the result go to
// fd 3 as one JSON object a line (vitest-plugin-plans/docs/kinds/script.md).
import { readFileSync, writeSync } from 'node:fs';

const { env, tasks, run, args } = JSON.parse(readFileSync(0, 'utf8'));
const send = (message) => writeSync(3, JSON.stringify(message) + '\n');

const order = JSON.parse(tasks['make-order'].results.order);
const total = order.lines.reduce((sum, l) => sum + l.qty * l.cents, 0);
send({ log: `order ${order.id} for run ${run.id}, currency ${env.currency}` });
send({ check: 'total matches the lines', ok: total === order.totalCents, detail: { lines: order.lines.length, total, stated: order.totalCents } });
send({ check: 'currency is the plan\'s', ok: order.currency === env.currency, detail: order.currency });
// A number written as JSON text stays exact: the plan compares it digit for digit.
writeSync(3, `{"result": {"id": ${JSON.stringify(order.id)}, "total": ${total}, "ledger": 12345678901234567890.01, "label": ${JSON.stringify(args[0])}}}\n`);
