// The bench server as `npm start` runs it: the built server (apps/server/dist, plain node, no
// TypeScript loader), the database opened as main.js opens it (embedded PGlite on disk under
// DATA_DIR, or PostgreSQL at BENCH_DATABASE_URL), with a user on a big plan and an API key.
// Prints one JSON line `{ url, apiKey }` when ready; stops on SIGTERM. Needs `npm run build`.
import { buildApp } from '../../../apps/server/dist/app.js'
import { loadConfig } from '../../../apps/server/dist/config.js'
import { embeddedDataDir, openMigratedDatabase } from '../../../apps/server/dist/db/database.js'

const dataDir = process.env.BENCH_DATA_DIR
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SECRET_KEY: 'b'.repeat(32),
  SPEECH_WORKERS: process.env.SPEECH_WORKERS ?? '2',
  ...(process.env.SPEECH_START_AT_BOOT ? { SPEECH_START_AT_BOOT: process.env.SPEECH_START_AT_BOOT } : {}),
  WEB_DIST_DIR: '/nonexistent',
})
const database = await openMigratedDatabase({
  databaseUrl,
  dataDir: embeddedDataDir(dataDir),
  sharedBuffersMb: config.embeddedDbCacheMb,
})
const app = await buildApp(config, {
  database,
  logger: false,
  mailTransport: null,
  startSpeech: config.speechStartAtBoot,
})
const url = await app.listen({ port: 0, host: '127.0.0.1' })
const email = `bench-${Date.now()}@example.com`
const password = 'bench password 1'
await app.inject({ method: 'POST', url: '/v1/auth/sign-up', payload: { email, password } })
const user = await database.db
  .selectFrom('users')
  .select(['id', 'workspace_id'])
  .where('email', '=', email)
  .executeTakeFirstOrThrow()
await database.db
  .updateTable('users')
  .set({ email_verified_at: new Date() })
  .where('id', '=', user.id)
  .execute()
await database.db
  .updateTable('subscriptions')
  .set({ tier: 'growing_business', status: 'active', character_limit: 1_000_000_000 })
  .where('workspace_id', '=', user.workspace_id)
  .execute()
const tokens = (
  await app.inject({ method: 'POST', url: '/v1/auth/sign-in', payload: { email, password } })
).json()
const apiKey = (
  await app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: { authorization: `Bearer ${tokens.access_token}` },
    payload: { name: 'bench' },
  })
).json().api_key
process.stdout.write(`${JSON.stringify({ url, apiKey })}\n`)
process.on('SIGTERM', () => {
  app.server.closeAllConnections()
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0))
})
