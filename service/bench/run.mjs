/**
 * `npm run bench -w service`: a small dispatcher over the benches. `node bench/run.mjs
 * [name…]` runs the named ones (default: all).
 */
const BENCHES = {
  interpreter: () => import('./interpreter.mjs'),
  http: () => import('./http.mjs'),
};

const names = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(BENCHES);
for (const name of names) {
  const load = BENCHES[name];
  if (!load) {
    console.error(`unknown bench ${name}; known: ${Object.keys(BENCHES).join(', ')}`);
    process.exit(64);
  }
  console.log(`== ${name}`);
  await load();
}
