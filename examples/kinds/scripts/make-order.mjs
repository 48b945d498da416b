// Run by examples/kinds/exec.plan.yaml and script.plan.yaml: prints an order as
// JSON on stdout, as a system under test's command-line tool might.
const [id = 'A-1'] = process.argv.slice(2);
const lines = [{ sku: 'tea', qty: 2, cents: 450 }, { sku: 'cup', qty: 1, cents: 1200 }];
process.stdout.write(JSON.stringify({ id, currency: 'EUR', lines, totalCents: 2100 }) + '\n');
