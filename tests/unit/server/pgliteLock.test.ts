/**
 * One process owns a PGlite folder (src/server/db/pgliteLock.ts): a second open, in this process
 * or in another living one, is refused with a message that says what to do; a lock left by a
 * process that is gone is taken over; closing releases it. (The compiled server refusing to start
 * on a folder another server owns: process.test.ts.)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSqlDatabase, type OpenSqlDatabase } from '../../../src/server/db/connect';
import {
  LOCK_FILE,
  lockPgliteFolder,
  PgliteFolderInUseError,
} from '../../../src/server/db/pgliteLock';

// Opening PGlite takes seconds while other test files run.
vi.setConfig({ testTimeout: 30_000 });

const folders: string[] = [];
const opened: OpenSqlDatabase[] = [];

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'murmur-lock-'));
  folders.push(dir);
  return join(dir, 'pglite');
}

const someone = {
  _id: 'user-kept',
  firstName: 'Kept',
  lastName: 'Here',
  username: 'kept',
  passwordHash: 'not-a-real-hash',
  bio: '',
  link: '',
  profile: '',
  createdAt: '2026-01-01T00:00:00+00:00',
  updatedAt: '2026-01-01T00:00:00+00:00',
};

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the lock of a PGlite folder', () => {
  it('refuses a second open of a folder in this process, and allows it once the first is closed', async () => {
    const dir = folder();
    const first = await openSqlDatabase({ dataDir: dir });
    opened.push(first);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').split('\n')[0]).toBe(String(process.pid));

    const second = openSqlDatabase({ dataDir: dir });
    await expect(second).rejects.toThrow(PgliteFolderInUseError);
    await expect(second).rejects.toThrow(
      `The PGlite folder ${dir} is already open in this process. One process owns a PGlite folder: to run several server processes on one database, use PostgreSQL (set DATABASE_URL).`,
    );
    // The refusal took nothing from the first.
    expect(await first.store.read((reads) => reads.users.get('nobody'))).toBeUndefined();

    await opened.splice(0)[0]?.close();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const again = await openSqlDatabase({ dataDir: dir });
    opened.push(again);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
  });

  it('refuses a folder a living process holds, naming the folder, the process and the remedy', async () => {
    const dir = folder();
    mkdirSync(dir, { recursive: true });
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const pid = other.pid ?? 0;
      writeFileSync(join(dir, LOCK_FILE), `${pid}\nsomeone-else\n`);
      const refusal = openSqlDatabase({ dataDir: dir });
      await expect(refusal).rejects.toThrow(
        `The PGlite folder ${dir} is already open in process ${pid}. One process owns a PGlite folder: to run several server processes on one database, use PostgreSQL (set DATABASE_URL). If no server runs on that folder, delete ${join(dir, LOCK_FILE)}.`,
      );
      // Still theirs.
      expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(`${pid}\nsomeone-else\n`);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that is gone, and keeps the data', async () => {
    const dir = folder();
    const first = await openSqlDatabase({ dataDir: dir });
    await first.store.write((writes) => writes.users.insert(someone));
    await first.close();
    // As a crash leaves it: the lock of a process that no longer runs.
    writeFileSync(join(dir, LOCK_FILE), `${deadPid()}\nthe-crashed-one\n`);

    const next = await openSqlDatabase({ dataDir: dir });
    opened.push(next);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').split('\n')[0]).toBe(String(process.pid));
    expect((await next.store.read((reads) => reads.users.get(someone._id)))?.username).toBe(
      someone.username,
    );
  });

  it('takes over a lock with its own pid that it does not hold: an earlier life of this pid', () => {
    const dir = folder();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, LOCK_FILE), `${process.pid}\nbefore-a-restart\n`);
    const lock = lockPgliteFolder(dir);
    try {
      expect(() => lockPgliteFolder(dir)).toThrow(PgliteFolderInUseError);
    } finally {
      lock.release();
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('releases only its own lock: one taken over meanwhile stays', () => {
    const dir = folder();
    mkdirSync(dir, { recursive: true });
    const lock = lockPgliteFolder(dir);
    writeFileSync(join(dir, LOCK_FILE), '4242\nsomeone-who-took-it\n');
    lock.release();
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe('4242\nsomeone-who-took-it\n');
  });

  it('needs no lock in memory: every in-memory database is its own', async () => {
    opened.push(await openSqlDatabase(), await openSqlDatabase());
    expect(opened).toHaveLength(2);
  });
});
