import { buildApp } from './app.js'
import { ConfigError, loadConfig } from './config.js'
import { checkDataDir, lockDataDir, makePrivate, usePrivateUmask } from './db/data-dir.js'

// Starts Timbre in one role: `api` (HTTP only), `worker` (jobs only) or `all` (both; default).
// With the embedded database only one process may open the data directory, so `all` it is.

type Role = 'api' | 'worker' | 'all'

function parseRole(argv: string[]): Role {
  const arg = argv.find((a) => a.startsWith('--role='))
  const role = arg ? arg.slice('--role='.length) : 'all'
  if (role !== 'api' && role !== 'worker' && role !== 'all') {
    throw new ConfigError(`Unknown role '${role}': use --role=api, --role=worker or --role=all.`)
  }
  return role
}

async function main() {
  // Before anything touches the disk: whatever the shell's umask, what we create is private.
  usePrivateUmask()
  const config = loadConfig()
  const role = parseRole(process.argv.slice(2))
  if (!config.databaseUrl && role !== 'all') {
    throw new ConfigError('The embedded database (no DATABASE_URL) runs in one process: use --role=all.')
  }
  checkDataDir(config.dataDir)
  const lock = config.databaseUrl ? undefined : lockDataDir(config.dataDir)
  makePrivate(config.dataDir)
  const app = await buildApp(config, { runWorkers: role !== 'api', startSpeech: config.speechStartAtBoot })
  app.addHook('onClose', async () => lock?.release())

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const timer = setTimeout(() => process.exit(1), 15_000)
    timer.unref()
    await app.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  if (role === 'worker') {
    await app.ready()
    app.log.info('worker started')
    return
  }
  await app.listen({ port: config.port, host: config.host })
  app.log.info(`Timbre is running at ${config.publicUrl}`)
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message)
  } else {
    console.error(error)
  }
  process.exit(1)
})
