import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

// A real Timbre server in its own process, started from the TypeScript sources, for tests that
// need what `app.inject` cannot give: a process killed with SIGKILL, two processes on one
// database, a real socket peer.

const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const repoRoot = resolve(serverRoot, '../..')

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolvePort(port))
    })
    server.on('error', reject)
  })
}

export interface ServerProcess {
  url: string
  port: number
  child: ChildProcess
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>
  /** SIGKILL: no shutdown hook runs, as in a power cut or an OOM kill. */
  kill9(): Promise<void>
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>
}

export interface ServerProcessOptions {
  /** Added to this process's environment; a variable set to undefined is removed. */
  env: Record<string, string | undefined>
  role?: 'api' | 'worker' | 'all'
  /** Wait until /readyz answers 200 (default true). */
  waitReady?: boolean
  port?: number
  /** Start under this umask (through a shell), as a user's login shell might. */
  umask?: number
  /** How long to wait for /readyz (default 90 s; a first start on a busy machine takes longer). */
  readyTimeoutMs?: number
}

/** Starts `main.ts` with the given environment; PORT, HOST and PUBLIC_URL default to a free local port. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort())
  const url = `http://127.0.0.1:${port}`
  const nodeArgs = [
    '--conditions=source',
    '--import',
    'tsx',
    join(serverRoot, 'src/main.ts'),
    `--role=${options.role ?? 'all'}`,
  ]
  const [command, args] =
    options.umask === undefined
      ? [process.execPath, nodeArgs]
      : [
          '/bin/sh',
          ['-c', `umask ${options.umask.toString(8)} && exec "$0" "$@"`, process.execPath, ...nodeArgs],
        ]
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '/nonexistent',
    SPEECH_WORKERS: '1',
    ...options.env,
  }
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name]
  const child = spawn(command, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout?.on('data', (d: Buffer) => {
    log += d.toString()
  })
  child.stderr?.on('data', (d: Buffer) => {
    log += d.toString()
  })
  const exited = new Promise<number | string>((resolveExit) => {
    child.once('exit', (code, signal) => resolveExit(code ?? signal ?? 'unknown'))
  })
  const handle: ServerProcess = {
    url,
    port,
    child,
    output: () => log,
    exited,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
  if (options.waitReady === false) return handle
  const readyMs = options.readyTimeoutMs ?? 90_000
  const deadline = Date.now() + readyMs
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited before it was ready:\n${log}`)
    }
    try {
      const res = await fetch(`${url}/readyz`)
      if (res.ok) return handle
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await handle.kill9()
      throw new Error(`server was not ready within ${readyMs / 1000} s:\n${log}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
}
