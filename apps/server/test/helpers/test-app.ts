import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { buildApp } from '../../src/app.js'
import { type Config, loadConfig } from '../../src/config.js'
import type { DatabaseHandle } from '../../src/db/database.js'
import { createSmtpTransport } from '../../src/modules/mail/mail.service.js'
import { createTestDatabase } from './test-database.js'

export const PUBLIC_URL = 'http://timbre.test'

export interface TestApp {
  app: FastifyInstance
  config: Config
  database: DatabaseHandle
  dataDir: string
  close(): Promise<void>
}

/**
 * The real app on a fresh database. `smtpUrl` sends mail to a real SMTP server; `env` changes
 * the configuration (a variable set to undefined is removed, e.g. `PUBLIC_URL: undefined`).
 */
export async function createTestApp(
  options: { smtpUrl?: string; env?: Record<string, string | undefined> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase()
  const dataDir = mkdtempSync(join(tmpdir(), 'timbre-test-'))
  const env: Record<string, string | undefined> = {
    DATA_DIR: dataDir,
    SPEECH_WORKERS: '2',
    PUBLIC_URL,
    SECRET_KEY: 'x'.repeat(32),
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    ...options.env,
  }
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name]
  const config = loadConfig(env)
  const app = await buildApp(config, {
    database,
    logger: false,
    mailTransport: createSmtpTransport(options.smtpUrl),
  })
  await app.ready()
  return {
    app,
    config,
    database,
    dataDir,
    async close() {
      // fetch() may leave a connection open with no request on it; do not wait for its timeout.
      app.server.closeAllConnections()
      await app.close()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json() as T
}

/** Starts the app on a free loopback port (for real sockets: fetch, WebSockets); its base URL. */
export async function listenOnLoopback(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const address = t.app.server.address()
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
}
