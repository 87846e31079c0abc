// `npm test`: every stage runs even when an earlier one failed, so one run reports every failure;
// it ends with each failed test and the first lines of its error, then each stage's time and result,
// and exits non-zero when any failed. The failures are repeated at the end because CI shows only a
// run's last lines.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';

const reports = mkdtempSync(join(tmpdir(), 'recaudo-test-'));
const vitest = (name, projects) => {
  const report = join(reports, `${name}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((project) => ['--project', project])];
  return { name, command: ['npx', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], report };
};

const STAGES = [
  { name: 'build', command: ['npm', 'run', 'build'] },
  vitest('domain, server and web tests', ['domain', 'server', 'server-isolated', 'web', 'web-isolated']),
  vitest('browser tests', ['e2e']),
];

const minutes = (ms) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

/** Each failed test of a vitest JSON report, with the first lines of its first error. */
function failuresOf(report) {
  if (!report || !existsSync(report)) return [];
  const { testResults = [] } = JSON.parse(readFileSync(report, 'utf8'));
  return testResults.flatMap((file) => {
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    const where = file.name.replace(`${process.cwd()}/`, '');
    if (!failed.length && file.status === 'failed') return [`${where}: ${plain(file.message ?? '').split('\n').slice(0, 12).join('\n  ')}`];
    return failed.map((test) => `${where} › ${test.fullName}\n  ${plain(test.failureMessages[0] ?? '').split('\n').slice(0, 12).join('\n  ')}`);
  });
}

const started = Date.now();
const results = STAGES.map(({ name, command: [command, ...args], report }) => {
  const stageStarted = Date.now();
  console.log(`\n== ${name}: ${[command, ...args].join(' ')}`);
  const { status, signal } = spawnSync(command, args, { stdio: 'inherit' });
  return { name, ok: status === 0, ms: Date.now() - stageStarted, how: signal ?? `exit ${status}`, failures: failuresOf(report) };
});

const failures = results.flatMap((result) => result.failures);
if (failures.length) console.log(`\n== failed tests\n${failures.join('\n')}`);
console.log('\n== npm test');
for (const { name, ok, ms, how } of results) console.log(`${ok ? 'ok    ' : 'FAILED'} ${name} (${minutes(ms)}${ok ? '' : `, ${how}`})`);
console.log(`total ${minutes(Date.now() - started)}`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
