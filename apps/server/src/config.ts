import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, resolve } from 'node:path'
import { z } from 'zod'

// Every environment variable, checked once at boot (DESIGN.md section 4).
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
  /**
   * Seconds a credit reservation outlives a silent process: a live one renews it, and after a
   * crash the reservation is settled for what was delivered once it runs out.
   */
  CREDIT_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  NODE_ENV: z.string().optional(),
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
  creditLeaseSeconds: number
  /** Cookies get `Secure` only when the public URL is https (a laptop on http://localhost must work). */
  secureCookies: boolean
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
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
    creditLeaseSeconds: e.CREDIT_LEASE_SECONDS,
    secureCookies: publicUrl.startsWith('https://'),
  }
}

/** On a laptop there is no secret manager: keep a generated secret beside the data. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'secret.key')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
