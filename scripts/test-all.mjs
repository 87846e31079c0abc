// `npm test`: every stage runs even when an earlier one failed, so one run reports every failure;
// it ends with each stage's time and result, and exits non-zero when any failed.
import { spawnSync } from 'node:child_process';

const STAGES = [
  ['build', ['npm', 'run', 'build']],
  ['domain, server and web tests', ['npx', 'vitest', 'run', '--project', 'domain', '--project', 'server', '--project', 'server-isolated', '--project', 'web', '--project', 'web-isolated']],
  ['browser tests', ['npx', 'vitest', 'run', '--project', 'e2e']],
];

const minutes = (ms) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
const started = Date.now();
const results = STAGES.map(([name, [command, ...args]]) => {
  const stageStarted = Date.now();
  console.log(`\n== ${name}: ${[command, ...args].join(' ')}`);
  const { status, signal } = spawnSync(command, args, { stdio: 'inherit' });
  return { name, ok: status === 0, ms: Date.now() - stageStarted, how: signal ?? `exit ${status}` };
});

console.log('\n== npm test');
for (const { name, ok, ms, how } of results) console.log(`${ok ? 'ok    ' : 'FAILED'} ${name} (${minutes(ms)}${ok ? '' : `, ${how}`})`);
console.log(`total ${minutes(Date.now() - started)}`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
