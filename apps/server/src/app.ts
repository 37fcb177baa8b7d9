import cookie from '@fastify/cookie'
import rateLimit from '@fastify/rate-limit'
import websocket from '@fastify/websocket'
import { createSpeechService } from '@timbre/speech'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppDeps } from './app-deps.js'
import type { Config } from './config.js'
import { type DatabaseHandle, embeddedDataDir, migrateToLatest, openDatabase } from './db/database.js'
import { AppError } from './errors.js'
import { type JobQueue, startQueue } from './jobs/queue.js'
import { newId } from './lib/ids.js'
import { createLocalStorage, createStorage } from './lib/storage.js'
import { createAccountsModule } from './modules/accounts/accounts.module.js'
import { createApiKeysModule } from './modules/api-keys/api-keys.module.js'
import { createConcurrencyModule } from './modules/concurrency/concurrency.module.js'
import { createCreditsRepository } from './modules/credits/credits.repository.js'
import { createCreditsService } from './modules/credits/credits.service.js'
import { createHealthModule } from './modules/health/health.module.js'
import { historyModule } from './modules/history/history.module.js'
import { createHistoryRepository } from './modules/history/history.repository.js'
import { createMailModule } from './modules/mail/mail.module.js'
import type { MailTransport } from './modules/mail/mail.service.js'
import { createModelsModule } from './modules/models/models.module.js'
import { dialogueRoutes } from './modules/tts/dialogue.routes.js'
import { streamInputRoutes } from './modules/tts/stream-input.routes.js'
import { ttsRoutes } from './modules/tts/tts.routes.js'
import { createTtsService } from './modules/tts/tts.service.js'
import { countVoiceSlots, createVoiceLookup } from './modules/voices/voice-lookup.js'
import { voicesModule } from './modules/voices/voices.module.js'
import { registerAuth } from './plugins/auth.js'
import { registerErrorHandling } from './plugins/errors.js'
import { registerInputHygiene } from './plugins/input-hygiene.js'
import { registerOpenApi } from './plugins/openapi.js'
import { registerSecurityHeaders } from './plugins/security-headers.js'
import { createSiteAddress } from './plugins/site-address.js'
import { defaultWebDistDir, registerWebApp } from './plugins/web.js'

export interface BuildOptions {
  /** An open database (tests pass one); otherwise opened from the config. */
  database?: DatabaseHandle
  /** Replaces the SMTP transport built from SMTP_URL. */
  mailTransport?: MailTransport | null
  /** Run job handlers in this process (roles `all` and `worker`). Default true. */
  runWorkers?: boolean
  /** Files root; default DATA_DIR/files. */
  storageDir?: string
  /** Log output; tests silence it. */
  logger?: boolean
}

const BODY_LIMIT_BYTES = 1024 * 1024

/** Node checks the header and request deadlines on this period; a fraction of the shortest. */
function checkingInterval(config: Config): number {
  return Math.max(50, Math.min(1_000, Math.floor(config.timeouts.headersMs / 4)))
}

/** Builds the whole server: database, migrations, queue, modules. Tests call it directly. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: embeddedDataDir(config.dataDir) }))
  await migrateToLatest(database.db)
  const queue: JobQueue = await startQueue(database)
  const { db } = database

  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: 'request-id',
    genReqId: () => newId(),
    // Proxy headers are a client's claim unless the operator named the proxies (TRUST_PROXY).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Reading a request is bounded (headers, then the whole body); once it is read, a response
    // may stream for as long as it produces bytes, and a WebSocket lives until its own idle
    // limit, which is shorter than the socket idle timeout.
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.idleMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      connectionsCheckingInterval: checkingInterval(config),
    },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('onRequest', async (request, reply) => {
    reply.header('request-id', request.id)
  })
  registerErrorHandling(app)
  registerSecurityHeaders(app)
  await registerOpenApi(app, config.publicUrl)
  await app.register(cookie)
  registerInputHygiene(app)
  await app.register(rateLimit, {
    global: false,
    // The peer's address, or the client address a trusted proxy reported: request.ip.
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: () => new AppError('rate_limited'),
  })
  await app.register(websocket, { options: { maxPayload: 256 * 1024 } })

  const site = createSiteAddress(config)
  const mailModule = createMailModule({
    db,
    queue,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    transport: options.mailTransport,
  })
  const mail = mailModule.ports.mail
  const apiKeysModule = createApiKeysModule({ db })
  const accountsModule = createAccountsModule({
    db,
    mail,
    apiKeys: apiKeysModule.ports.lookup,
    site,
    secureCookies: config.secureCookies,
    voiceSlotsUsed: (workspaceId) => countVoiceSlots(db, workspaceId),
  })
  registerAuth(app, { principals: accountsModule.ports.principals, site })
  const speech = createSpeechService({ workers: config.speechWorkers })
  const deps: AppDeps = {
    config,
    db,
    queue,
    mail,
    speech,
    storage: options.storageDir ? createLocalStorage(options.storageDir) : createStorage(config.storage),
  }

  const health = createHealthModule({
    db,
    queue,
    publicConfig: { smtpConfigured: mail.smtpConfigured, publicUrl: config.publicUrl },
  })
  if (health.routes) await app.register(health.routes)
  for (const module of [accountsModule, apiKeysModule, mailModule]) {
    if (module.routes) await app.register(module.routes)
  }
  const models = createModelsModule()
  if (models.routes) await app.register(models.routes)
  await app.register(voicesModule(deps))
  await app.register(historyModule(deps))

  const concurrency = createConcurrencyModule({ db, config, log: app.log })
  await concurrency.start?.()
  const credits = createCreditsService({
    db,
    repository: createCreditsRepository(db),
    limiter: concurrency.ports.slots,
  })
  const generationDeps = {
    db,
    speech,
    storage: deps.storage,
    credits,
    voices: createVoiceLookup(db),
    history: createHistoryRepository(db),
  }
  await app.register(ttsRoutes(createTtsService(generationDeps)))
  await app.register(dialogueRoutes(generationDeps))
  await app.register(streamInputRoutes(generationDeps, accountsModule.ports.principals))

  if (options.runWorkers !== false) {
    await mailModule.jobs?.(queue)
  }

  const webDir = config.webDistDir ?? defaultWebDistDir()
  const servesWeb = await registerWebApp(app, webDir)
  if (!servesWeb) app.log.info({ webDir }, 'web app not built; serving the API only')

  app.addHook('onClose', async () => {
    await concurrency.stop?.()
    await deps.storage.close?.()
    await queue.stop()
    await speech.close()
    if (!options.database) await database.close()
  })
  return app
}
