// A new embedded database is created and migrated in a short-lived child process. Creating one
// (PostgreSQL's initdb, then hundreds of tables) grows PGlite's WebAssembly heap by some
// hundreds of MB, and a heap that size never shrinks: even closed and collected, the server
// kept about 60 MB more at rest after a first start than after a restart. In a child, that
// memory goes back to the system when the child exits, and the server opens a finished database
// exactly as a restart does.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export interface ChildCreation {
  dataDir: string
  sharedBuffersMb?: number | undefined
}

/** Where the child's entry point is: the compiled file, or the source when running from it. */
function childEntry(): { file: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts')
  const file = fileURLToPath(new URL(`./create-child-main.${fromSource ? 'ts' : 'js'}`, import.meta.url))
  // From the sources the child needs the same TypeScript loader and package conditions.
  return { file, execArgv: fromSource ? ['--conditions=source', '--import', 'tsx'] : [] }
}

/**
 * Creates and migrates the database in a child process. Resolves `false` when no child could be
 * started (the caller then creates it in this process); rejects with the child's own message
 * when creation or a migration failed.
 */
export function createDatabaseInChild(options: ChildCreation): Promise<boolean> {
  const { file, execArgv } = childEntry()
  const args = [...execArgv, file, options.dataDir]
  if (options.sharedBuffersMb !== undefined) args.push(String(options.sharedBuffersMb))
  return new Promise((resolve, reject) => {
    let child: ReturnType<typeof spawn>
    try {
      child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    } catch {
      resolve(false)
      return
    }
    let stderr = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000)
    })
    child.once('error', () => resolve(false))
    child.once('exit', (code, signal) => {
      if (code === 0) resolve(true)
      else
        reject(
          new Error(
            `Creating the embedded database failed (${signal ?? `exit ${code}`}): ${stderr.trim() || 'no message'}`,
          ),
        )
    })
  })
}
