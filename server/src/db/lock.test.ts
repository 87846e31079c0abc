import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockDataDir } from './lock';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'recaudo-lock-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const dir = (name: string) => path.join(scratch, name);
const lockIn = (name: string) => path.join(dir(name), LOCK_FILE);

describe('DATA_DIR lock', () => {
  it('is refused while its holder lives and released on close, leaving no file', async () => {
    const release = await lockDataDir(dir('live'));
    expect(JSON.parse(fs.readFileSync(lockIn('live'), 'utf8'))).toMatchObject({ pid: process.pid });
    await expect(lockDataDir(dir('live'))).rejects.toThrow(`Otro proceso de Recaudo ya usa ${dir('live')}. Deténgalo o use otro DATA_DIR.`);
    await release();
    expect(fs.existsSync(lockIn('live'))).toBe(false);
    const again = await lockDataDir(dir('live'));
    await again();
  });

  it('is refused while another live process holds it', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const started = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19];
      fs.mkdirSync(dir('other'), { recursive: true });
      fs.writeFileSync(lockIn('other'), JSON.stringify({ pid: child.pid, started }));
      await expect(lockDataDir(dir('other'))).rejects.toThrow(/Otro proceso de Recaudo ya usa/);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('is taken over at once from a dead holder, a reused pid, or an empty file left by a crash', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.pid']).pid;
    fs.mkdirSync(dir('dead'), { recursive: true });
    fs.writeFileSync(lockIn('dead'), JSON.stringify({ pid: dead, started: '1' }));
    const releaseDead = await lockDataDir(dir('dead'));
    expect(JSON.parse(fs.readFileSync(lockIn('dead'), 'utf8')).pid).toBe(process.pid);
    await releaseDead();

    // Our own pid but another start time: the pid was reused after a crash.
    fs.mkdirSync(dir('reused'), { recursive: true });
    fs.writeFileSync(lockIn('reused'), JSON.stringify({ pid: process.pid, started: '1' }));
    const releaseReused = await lockDataDir(dir('reused'));
    await releaseReused();

    fs.mkdirSync(dir('empty'), { recursive: true });
    fs.writeFileSync(lockIn('empty'), '');
    const old = new Date(Date.now() - 5000);
    fs.utimesSync(lockIn('empty'), old, old);
    const releaseEmpty = await lockDataDir(dir('empty'));
    await releaseEmpty();
  });
});
