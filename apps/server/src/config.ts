import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, resolve } from 'node:path'
import { z } from 'zod'

// Every environment variable, checked once at boot: a bad value stops the server with its name.
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Timbre <no-reply@timbre.local>'),
  PUBLIC_URL: z.url().optional(),
  /** Signs nothing yet but derives secrets at rest; generated into DATA_DIR when absent. */
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  /** Speech synthesis worker threads (one engine instance each). */
  SPEECH_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  NODE_ENV: z.string().optional(),
  /** Time a client has to send the request headers. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** Time a client has to send the whole request, headers and body (uploads included). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  /** A socket with no traffic either way for this long is closed (longer than any WebSocket idle time). */
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(300_000),
  /** An idle keep-alive connection is closed after this long. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(72_000),
})

export type Env = z.infer<typeof envSchema>

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  publicUrl: string
  secretKey: string
  logLevel: Env['LOG_LEVEL']
  webDistDir: string | undefined
  speechWorkers: number
  /** Cookies get `Secure` only when the public URL is https (a laptop on http://localhost must work). */
  secureCookies: boolean
  timeouts: ServerTimeouts
}

/** How long a client may hold a socket; reading a request is bounded, streaming a response is not. */
export interface ServerTimeouts {
  headersMs: number
  requestMs: number
  idleMs: number
  keepAliveMs: number
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    throw new ConfigError('Invalid configuration:\n  HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS')
  }
  const dataDir = resolve(e.DATA_DIR)
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    secretKey: e.SECRET_KEY ?? readOrCreateSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    speechWorkers: e.SPEECH_WORKERS ?? Math.max(1, Math.min(4, availableParallelism())),
    secureCookies: publicUrl.startsWith('https://'),
    timeouts: {
      headersMs: e.HEADERS_TIMEOUT_MS,
      requestMs: e.REQUEST_TIMEOUT_MS,
      idleMs: e.IDLE_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
    },
  }
}

/** On a laptop there is no secret manager: keep a generated secret beside the data. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'secret.key')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
