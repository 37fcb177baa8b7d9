import {
  chmodSync,
  closeSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { ConfigError } from '../config.js'

// The data directory holds the embedded database, the generated secret and stored audio:
// nobody but the server's own user may read or write it. Files are created 0600 and
// directories 0700 because the process runs with umask 077 (set first thing in main), which
// also covers files the embedded database creates on its own, now and later.

/** Only the owner: files rw-------, directories rwx------. */
const PRIVATE_UMASK = 0o077

/** Makes every file the process creates from now on private to its user. */
export function usePrivateUmask(): void {
  process.umask(PRIVATE_UMASK)
}

/**
 * Creates the data directory (0700) or checks an existing one: a directory that other users
 * can enter or read is refused, since it would expose the database and the secret.
 */
export function checkDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const mode = statSync(dir).mode & 0o777
  if ((mode & 0o007) !== 0) {
    throw new ConfigError(
      `The data directory ${dir} is accessible to other users (mode ${mode.toString(8).padStart(4, '0')}). ` +
        `Run: chmod -R go-rwx ${dir}`,
    )
  }
}

/** Takes group and world access away from everything under `dir` (files from older versions). */
export function makePrivate(dir: string): void {
  const pending = [dir]
  while (pending.length > 0) {
    const current = pending.pop() as string
    const stat = lstatSync(current)
    if (stat.isSymbolicLink()) continue
    if ((stat.mode & 0o077) !== 0) chmodSync(current, stat.mode & 0o700)
    if (stat.isDirectory()) for (const name of readdirSync(current)) pending.push(join(current, name))
  }
}

// One process per data directory: the embedded database has no locking of its own, and two
// processes writing it corrupt it. The lock is a file naming its holder (pid, the process's
// start time, host). A holder that died without cleaning up (kill -9, power cut) leaves a
// stale file: it is recognised because no process with that pid and start time is running,
// and taken over at once.

const LOCK_FILE = 'timbre.lock'

interface LockOwner {
  pid: number
  /** From /proc: tells a live holder from a new process that reuses its pid. */
  startTime: string | null
  host: string
}

export interface DataDirLock {
  release(): void
}

export class DataDirLockedError extends ConfigError {}

/** The kernel's start time of a process (clock ticks since boot), or null without /proc. */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces) start at field 3; starttime is 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
  } catch {
    return null
  }
}

function isRunning(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true // cannot tell: better refuse than corrupt
  if (owner.pid === process.pid) return false // our own pid from a previous life (containers)
  try {
    process.kill(owner.pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false
  }
  const startTime = processStartTime(owner.pid)
  return owner.startTime === null || startTime === null || startTime === owner.startTime
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>
    if (typeof owner.pid !== 'number' || typeof owner.host !== 'string') return null
    return { pid: owner.pid, startTime: owner.startTime ?? null, host: owner.host }
  } catch {
    return null
  }
}

/**
 * Creates the lock file only if none exists: the content is written to a private file first
 * and then hard-linked into place, which fails if the name exists, so exactly one process
 * wins and nobody ever reads a half-written lock.
 */
function tryCreate(file: string, owner: LockOwner): boolean {
  const draft = `${file}.${process.pid}`
  const fd = openSync(draft, 'w', 0o600)
  try {
    writeSync(fd, JSON.stringify(owner))
  } finally {
    closeSync(fd)
  }
  try {
    linkSync(draft, file)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  } finally {
    unlinkSync(draft)
  }
}

/** Takes the data directory for this process, or throws naming the process that holds it. */
export function lockDataDir(dir: string): DataDirLock {
  const file = join(dir, LOCK_FILE)
  const me: LockOwner = { pid: process.pid, startTime: processStartTime(process.pid), host: hostname() }
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(file, me)) return ownLock(file, me)
    const owner = readOwner(file)
    if (owner && isRunning(owner)) {
      throw new DataDirLockedError(
        `Another Timbre process (pid ${owner.pid} on ${owner.host}) holds the data directory ${dir}. ` +
          'Stop it first: two processes on one embedded database corrupt it.',
      )
    }
    // Stale (or half written by a process that died while writing): move it aside atomically;
    // if another starting process took it over in between, put its live lock back.
    const aside = `${file}.stale-${process.pid}`
    try {
      renameSync(file, aside)
    } catch {
      continue
    }
    const moved = readOwner(aside)
    if (moved && isRunning(moved) && (moved.pid !== owner?.pid || moved.startTime !== owner?.startTime)) {
      try {
        linkSync(aside, file)
      } catch {
        // a third process created a lock meanwhile; it keeps it
      }
    }
    unlinkSync(aside)
  }
  throw new DataDirLockedError(`Could not take the lock ${file}: other processes keep starting on ${dir}.`)
}

function ownLock(file: string, me: LockOwner): DataDirLock {
  let released = false
  const release = () => {
    if (released) return
    released = true
    const owner = readOwner(file)
    if (owner?.pid === me.pid && owner.startTime === me.startTime) unlinkSync(file)
  }
  process.once('exit', release)
  return { release }
}
