import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no guard against a second process opening the same data directory, which
 * corrupts it; the server holds this lock for as long as it runs. The lock file names its
 * holder (pid and the process's start time): a holder that is gone — killed by `kill -9`, an
 * OOM kill, a power cut — or a pid now reused by another process leaves a lock that the next
 * process takes over at once, so a process manager can restart right after a crash.
 */
export const LOCK_FILE = 'recaudo.lock';

export const lockMessage = (dataDir: string) => `Otro proceso de Recaudo ya usa ${dataDir}. Deténgalo o use otro DATA_DIR.`;

interface Holder {
  pid: number;
  started: string;
}

/** A process's state and start time as the kernel tells (Linux /proc); null where that is not readable. */
function processStat(pid: number): { state: string; started: string } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; fields 3 (state) and 22 (start time) follow it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', started: fields[19] ?? '' };
  } catch {
    return null;
  }
}

const startTimeOf = (pid: number) => processStat(pid)?.started ?? null;

function isAlive(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const stat = processStat(holder.pid);
  if (!stat) return true;
  // A killed process not yet reaped by its parent (zombie) holds nothing any more.
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return holder.started === '' || stat.started === holder.started;
}

function readHolder(file: string): Holder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, started: String(parsed.started ?? '') } : null;
  } catch {
    return null;
  }
}

export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const mine: Holder = { pid: process.pid, started: startTimeOf(process.pid) ?? '' };
  const content = JSON.stringify(mine);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      fs.writeFileSync(file, content, { flag: 'wx' });
      return async () => {
        // Only our own lock is removed: never one a later process took over.
        if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (!holder) {
      // A file being written this instant reads as empty: give its writer a moment. One left
      // empty by a process killed between creating and writing it is stale after a second.
      const age = Date.now() - (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 1000) fs.rmSync(file, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 300));
    } else if (holder.pid === process.pid && holder.started === mine.started) throw new Error(lockMessage(dataDir));
    else if (isAlive(holder)) throw new Error(lockMessage(dataDir));
    else {
      // The stale lock is moved aside (rename is atomic: of two processes taking over, one wins).
      try {
        fs.renameSync(file, `${file}.stale-${process.pid}`);
        fs.rmSync(`${file}.stale-${process.pid}`, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  throw new Error(lockMessage(dataDir));
}
