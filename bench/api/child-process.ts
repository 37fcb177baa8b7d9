// Child processes for the API bench: the bench server, a bare node process, and their memory.
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const repoRoot = resolve(here, '../..')

/** VmRSS and VmHWM (peak) of a process, in MB. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN)
  return { rssMb: kb('VmRSS') / 1000, peakMb: kb('VmHWM') / 1000 }
}

export interface ChildServer {
  url: string
  apiKey: string
  child: ChildProcess
  stop(): Promise<void>
}

/** The bench server (bench-app.ts) in its own process, started from the TypeScript sources. */
export async function startChildServer(
  speechWorkers: number,
  options: {
    tinyKokoro?: boolean
    dataDir?: string
    databaseUrl?: string
    built?: boolean
    env?: Record<string, string>
  } = {},
): Promise<ChildServer> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env }
  if (options.dataDir) env.BENCH_DATA_DIR = options.dataDir
  // An explicit choice of database: PostgreSQL at the URL, or (empty) the embedded one.
  if (options.databaseUrl) env.BENCH_DATABASE_URL = options.databaseUrl
  else if (options.databaseUrl === '') delete env.BENCH_DATABASE_URL
  const child = spawn(
    process.execPath,
    // built: the compiled server under plain node, as `npm start` runs it (needs a data dir).
    options.built
      ? [join(here, 'child/dist-server-child.mjs')]
      : ['--conditions=source', '--import', 'tsx', join(here, 'child/server-child.ts')],
    {
      cwd: repoRoot,
      env: {
        // As `npm start` runs the server: two malloc arenas unless the operator chose otherwise.
        ...(options.built ? { MALLOC_ARENA_MAX: '2' } : {}),
        ...env,
        SPEECH_WORKERS: String(speechWorkers),
        BENCH_TINY_KOKORO: options.tinyKokoro ? '1' : '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  const line = await new Promise<string>((resolveLine, reject) => {
    let out = ''
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const end = out.indexOf('\n')
      if (end >= 0) resolveLine(out.slice(0, end))
    })
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)))
  })
  const { url, apiKey } = JSON.parse(line) as { url: string; apiKey: string }
  return {
    url,
    apiKey,
    child,
    async stop() {
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** RSS of a node process that does nothing (plain, and with tsx's loader as the server runs). */
export async function bareNodeRss(withTsx: boolean): Promise<number> {
  const args = withTsx
    ? ['--import', 'tsx', '-e', 'setInterval(() => {}, 1000)']
    : ['-e', 'setInterval(() => {}, 1000)']
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: 'ignore' })
  await new Promise((r) => setTimeout(r, 1500))
  const { rssMb } = memoryOf(child.pid!)
  child.kill()
  return rssMb
}
