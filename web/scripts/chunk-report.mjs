// Measures the JavaScript a route loads: the entry plus the lazy chunks of its layout and page
// and every chunk they import statically, gzip-compressed. `npm run build` runs it after
// `vite build` and fails when the login route passes its budget or when a route loads code it
// does not show (issue 15), found by module (dist/.vite/chunk-modules.json, written by
// vite.config.ts), not by chunk name: rolldown may merge a library into a chunk named otherwise.
// It also fails when any chunk passes 500 KB minified, and when chunks import each other.
//   node scripts/chunk-report.mjs [login budget, KB gzip]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
const readJson = (path) => JSON.parse(readFileSync(join(dist, '.vite', path), 'utf8'));
const manifest = readJson('manifest.json');
const chunkModules = readJson('chunk-modules.json');
/** The login page is a build of its own (vite.login.config.ts): its one script is all it runs. */
const loginBudget = Number(process.argv[2] ?? 10);

const routes = {
  '/dashboard': ['src/app/layout/main-layout.tsx', 'src/app/dashboard-route.tsx'],
  '/roles': ['src/app/layout/main-layout.tsx', 'src/features/roles/roles-page.tsx'],
  '/users': ['src/app/layout/main-layout.tsx', 'src/app/users-route.tsx'],
  '/payments': ['src/app/layout/main-layout.tsx', 'src/app/payments-route.tsx'],
};

/** Code only the routes that show it may load (among the routes above); ids are relative to the repository. */
const SHOWN_ONLY_ON = [
  { what: 'decimal.js (money arithmetic)', module: /^node_modules\/decimal\.js\//, routes: ['/dashboard', '/roles', '/users', '/payments'] },
  { what: 'the invoice PDF viewer', module: /^web\/src\/components\/payment-documents\/invoice-viewer\.tsx$/, routes: ['/dashboard', '/payments'] },
  { what: "the signed-in layout's code (menu, top bar, drawers)", module: /^web\/src\/app\/layout\/(main-layout|nav-menu|top-bar|profile-drawer|customizer|menu-icons)\./, routes: ['/dashboard', '/roles', '/users', '/payments'] },
  { what: 'echarts (charts)', module: /^node_modules\/(echarts|zrender)\//, routes: ['/dashboard'] },
];

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
function keyOf(source) {
  const key = Object.keys(manifest).find((candidate) => candidate === source);
  if (!key) throw new Error(`${source} is no chunk of the build: update the routes in chunk-report.mjs`);
  return key;
}

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

let failed = false;
const fail = (message) => {
  console.error(message);
  failed = true;
};
const loginManifest = readJson('login-manifest.json');
const loginScripts = Object.values(loginManifest).map(({ file }) => file);
const loginKB = loginScripts.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length / 1024, 0);
console.log(`/login: ${loginKB.toFixed(1)} KB gzip in ${loginScripts.join(', ')}`);
if (loginScripts.length !== 1) fail(`The login page loads ${loginScripts.length} scripts; it is built as one (vite.login.config.ts).`);
if (loginKB > loginBudget) fail(`The login page loads ${loginKB.toFixed(1)} KB gzip, over its ${loginBudget} KB budget.`);
for (const [route, lazies] of Object.entries(routes)) {
  const keys = closure([entryKey, ...lazies.map(keyOf)]);
  const total = keys.reduce((sum, key) => sum + gzipKB(key), 0);
  console.log(`${route}: ${total.toFixed(1)} KB gzip in ${keys.length} chunks`);
  for (const key of keys.sort((a, b) => gzipKB(b) - gzipKB(a))) console.log(`  ${gzipKB(key).toFixed(1).padStart(6)} KB  ${manifest[key].file}`);
  const modules = keys.flatMap((key) => (chunkModules[manifest[key].file] ?? []).map((id) => ({ id, file: manifest[key].file })));
  for (const { what, module, routes: shownOn } of SHOWN_ONLY_ON) {
    if (shownOn.includes(route)) continue;
    const found = modules.find(({ id }) => module.test(id));
    if (found) fail(`${route} loads ${what}, which it does not show (${found.id} in ${found.file}).`);
  }
}
// A chunk this large holds a phone's first load back on a slow connection (issue 34).
const CHUNK_LIMIT_KB = 500;
for (const { file } of Object.values(manifest)) {
  // Kilobytes as vite's chunk-size warning counts them.
  const kb = readFileSync(join(dist, file)).length / 1000;
  if (file.endsWith('.js') && kb > CHUNK_LIMIT_KB) fail(`${file} is ${kb.toFixed(0)} KB minified, over the ${CHUNK_LIMIT_KB} KB a chunk may weigh.`);
}
// Two chunks that import each other run in an order neither chose: a page then called a function
// of the other not yet defined ("mt is not a function", when the table's helper sat in the app's chunk).
/** The chunks from `start` back to it through static imports, if any. */
function cycleFrom(start) {
  const path = [];
  const seen = new Set();
  const visit = (key) => {
    if (key === start && path.length) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    path.push(key);
    if ((manifest[key].imports ?? []).some(visit)) return true;
    path.pop();
    return false;
  };
  return visit(start) ? path : null;
}
const cycle = Object.keys(manifest).map(cycleFrom).find(Boolean);
if (cycle) fail(`Chunks import each other: ${[...cycle, cycle[0]].map((key) => manifest[key].file).join(' → ')}.`);
if (failed) process.exit(1);
