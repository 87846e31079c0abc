// `npm start` runs this first: it builds the web client and the server only when a source is
// newer than the build (the first start, or after a pull or an edit), and says so in one line,
// keeping the build's output for a failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const OUTPUTS = ['web/dist/index.html', 'server/dist/main.js'];
const SOURCES = [
  'package.json',
  'package-lock.json',
  'domain/src',
  'web/src',
  'web/scripts',
  'web/index.html',
  'web/public',
  // The build's configuration and its plugins (vite.config.ts, vite.login.config.ts, *-plugin.ts).
  ...fs
    .readdirSync(path.join(root, 'web'))
    .filter((name) => name.endsWith('.ts') && !name.startsWith('vitest'))
    .map((name) => `web/${name}`),
  'server/src',
  'server/tsup.config.ts',
];

/** The newest modification time under `entry` (a file or a folder), 0 when it is missing. */
function newest(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((item) => item.isFile())
    .reduce((latest, item) => Math.max(latest, fs.statSync(path.join(item.parentPath, item.name)).mtimeMs), 0);
}

const built = OUTPUTS.map((output) => path.join(root, output)).every((output) => fs.existsSync(output));
const builtAt = built ? Math.min(...OUTPUTS.map((output) => fs.statSync(path.join(root, output)).mtimeMs)) : 0;
const changedAt = Math.max(...SOURCES.map(newest));

if (built && builtAt >= changedAt) {
  console.log('Recaudo ya está compilado: arrancando sin compilar.');
} else {
  console.log(built ? 'El código cambió desde la última compilación: compilando Recaudo…' : 'Compilando Recaudo por primera vez (un minuto más o menos)…');
  const started = Date.now();
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) {
    process.stderr.write(`${build.stdout}${build.stderr}\nLa compilación falló (arriba su salida).\n`);
    process.exit(build.status ?? 1);
  }
  console.log(`Compilado en ${Math.round((Date.now() - started) / 1000)} s.`);
}
