// Measures the JavaScript a route loads: the entry plus the lazy chunks of its layout and page
// and every chunk they import statically, gzip-compressed. `npm run build` runs it after
// `vite build` and fails when the login route passes its budget or loads a heavy library it
// never uses (decimal.js: money arithmetic belongs to the pages that show amounts).
//   node scripts/chunk-report.mjs [budgetKB]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
// The target is 200 KB (issue 15); 225 holds today's 221 KB from growing while the rest is cut.
const budget = Number(process.argv[2] ?? 225);
/** Chunks (by name) that the login route must not load. */
const HEAVY = [/^assets\/decimal-/];

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const keyOf = (suffix) => Object.keys(manifest).find((key) => key.endsWith(suffix));

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (!key || seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen];
}

const gzipKB = (key) => gzipSync(readFileSync(join(dist, manifest[key].file))).length / 1024;

const routes = {
  '/login': ['src/app/guest-layout.tsx', 'src/features/auth/login-page.tsx'],
  '/dashboard': ['src/app/layout/main-layout.tsx', 'src/features/dashboard/dashboard-page.tsx'],
  '/roles': ['src/app/layout/main-layout.tsx', 'src/features/roles/roles-page.tsx'],
};

let failed = false;
for (const [route, lazies] of Object.entries(routes)) {
  const keys = closure([entryKey, ...lazies.map(keyOf)]);
  const total = keys.reduce((sum, key) => sum + gzipKB(key), 0);
  console.log(`${route}: ${total.toFixed(1)} KB gzip in ${keys.length} chunks`);
  for (const key of keys.sort((a, b) => gzipKB(b) - gzipKB(a))) console.log(`  ${gzipKB(key).toFixed(1).padStart(6)} KB  ${manifest[key].file}`);
  if (route !== '/login') continue;
  if (total > budget) {
    console.error(`The login route is over the ${budget} KB gzip budget.`);
    failed = true;
  }
  for (const key of keys.filter((key) => HEAVY.some((pattern) => pattern.test(manifest[key].file)))) {
    console.error(`The login route loads ${manifest[key].file}, which it never uses.`);
    failed = true;
  }
}
if (failed) process.exit(1);
