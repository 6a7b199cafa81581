/**
 * One process owns a PGlite folder. PGlite is PostgreSQL compiled into this process: two processes
 * that open one folder each run their own database over the same files, each sees only its own
 * writes, and what one acknowledged is lost when the other writes its pages over it. So the folder
 * gets a lock file, created exclusively, holding the owner's pid. A second opener, in
 * another process or in this one, is refused with a message saying what to do instead; a lock
 * left by a process that is gone (a crash, a kill) is taken over; `release()` removes it.
 *
 * Node has no advisory file locks (flock), hence a pid file, as PostgreSQL's own postmaster.pid.
 */
import { randomUUID } from 'node:crypto';
import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError } from '../tokenSecret';

/** The lock's file, inside the PGlite folder (PGlite leaves files it does not know alone). */
export const LOCK_FILE = 'murmur.lock';

/**
 * Another process (or another open in this one) owns the folder. A ConfigError: the server stops
 * with its message, and the remedy is a setting (DATABASE_URL, or another DATA_DIR).
 */
export class PgliteFolderInUseError extends ConfigError {
  constructor(
    readonly folder: string,
    readonly ownerPid: number,
    lockFile: string,
  ) {
    const here = ownerPid === process.pid;
    super(
      `The PGlite folder ${folder} is already open ${here ? 'in this process' : `in process ${ownerPid}`}. ` +
        'One process owns a PGlite folder: to run several server processes on one database, use ' +
        'PostgreSQL (set DATABASE_URL).' +
        (here ? '' : ` If no server runs on that folder, delete ${lockFile}.`),
    );
  }
}

/** A held lock. */
export interface PgliteLock {
  /** The lock file. */
  readonly file: string;
  /** Removes the lock file, unless someone else's lock has replaced it. Safe to call twice. */
  release(): void;
}

/**
 * The lock files this process holds. A pid alone cannot tell a second open in this process from a
 * lock left by an earlier process that had the same pid (a container's server is often pid 1 at
 * every start): only the first is refused.
 */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** The lock file's text, or undefined when there is none (any more). */
function readLock(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/** The pid a lock's text names; 0 when it names none (a file damaged or written by hand). */
const pidOf = (text: string) => {
  const pid = Number(text.split('\n', 1)[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : 0;
};

/**
 * Creates the lock file with `text` only if there is none; false when there is one. The text is
 * written to a file of our own first (created exclusively) and then linked to the lock's name,
 * which fails like `wx` when the name is taken: so the lock never exists half written, and no one
 * can mistake a lock being written for a stale one.
 */
function createExclusively(file: string, text: string): boolean {
  const draft = `${file}.${process.pid}.${randomUUID()}`;
  const fd = openSync(draft, 'wx', 0o600);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

/**
 * Moves a lock judged stale out of the way. Renaming is atomic, so of several processes taking
 * over at once only one gets the file; and the text is checked again after the move, so that a
 * lock someone else took meanwhile (after the stale one was judged) is put back, not deleted.
 * False when the lock now there is not the stale one.
 */
function removeStale(file: string, staleText: string): boolean {
  const aside = `${file}.${process.pid}.${randomUUID()}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    // Gone already: another process removed it; try to create ours.
    if (errorCode(error) === 'ENOENT') return true;
    throw error;
  }
  if (readFileSync(aside, 'utf8') === staleText) {
    unlinkSync(aside);
    return true;
  }
  // A live lock: back where it was (link fails rather than replace a newer one).
  try {
    linkSync(aside, file);
  } finally {
    unlinkSync(aside);
  }
  return false;
}

/**
 * Takes the lock of the PGlite folder `folder` (which must exist); throws PgliteFolderInUseError
 * when a living process (this one included) holds it.
 */
export function lockPgliteFolder(folder: string): PgliteLock {
  const file = join(resolve(folder), LOCK_FILE);
  if (heldHere.has(file)) throw new PgliteFolderInUseError(folder, process.pid, file);
  // Our pid and a token of this open, so that release() removes only our own lock.
  const ours = `${process.pid}\n${randomUUID()}\n`;
  // A few rounds: each one either takes the lock, finds a living owner, or clears a stale lock.
  for (let round = 0; round < 5; round++) {
    if (createExclusively(file, ours)) {
      heldHere.add(file);
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          heldHere.delete(file);
          if (readLock(file) === ours) unlinkSync(file);
        },
      };
    }
    const text = readLock(file);
    if (text === undefined) continue;
    const owner = pidOf(text);
    // Our own pid but not held here: left by an earlier process that had this pid.
    if (owner !== 0 && owner !== process.pid && isAlive(owner)) {
      throw new PgliteFolderInUseError(folder, owner, file);
    }
    if (!removeStale(file, text)) {
      const now = readLock(file);
      throw new PgliteFolderInUseError(folder, now === undefined ? 0 : pidOf(now), file);
    }
  }
  throw new Error(`Could not take the lock ${file}: it kept changing`);
}
