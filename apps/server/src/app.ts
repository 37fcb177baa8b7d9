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
import { createLocalStorage, defaultStorageDir } from './lib/storage.js'
import { createAccountsRepository } from './modules/accounts/accounts.repository.js'
import { authRoutes } from './modules/accounts/auth.routes.js'
import { createAuthService } from './modules/accounts/auth.service.js'
import { createSessionsRepository } from './modules/accounts/sessions.repository.js'
import { userRoutes } from './modules/accounts/user.routes.js'
import { createUserService } from './modules/accounts/user.service.js'
import { createApiKeysRepository } from './modules/api-keys/api-keys.repository.js'
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.js'
import { createApiKeysService } from './modules/api-keys/api-keys.service.js'
import { createConcurrencyLimiter } from './modules/credits/concurrency-limiter.js'
import { createCreditsRepository } from './modules/credits/credits.repository.js'
import { createCreditsService } from './modules/credits/credits.service.js'
import { createHealthModule } from './modules/health/health.module.js'
import { historyModule } from './modules/history/history.module.js'
import { createHistoryRepository } from './modules/history/history.repository.js'
import { createMailRepository } from './modules/mail/mail.repository.js'
import { mailRoutes } from './modules/mail/mail.routes.js'
import { createMailService, createSmtpTransport, type MailTransport } from './modules/mail/mail.service.js'
import { createModelsModule } from './modules/models/models.module.js'
import { dialogueRoutes } from './modules/tts/dialogue.routes.js'
import { streamInputRoutes } from './modules/tts/stream-input.routes.js'
import { ttsRoutes } from './modules/tts/tts.routes.js'
import { createTtsService } from './modules/tts/tts.service.js'
import { createVoiceLookup } from './modules/voices/voice-lookup.js'
import { voicesModule } from './modules/voices/voices.module.js'
import { createPrincipalResolver, registerAuth } from './plugins/auth.js'
import { registerErrorHandling } from './plugins/errors.js'
import { registerInputHygiene } from './plugins/input-hygiene.js'
import { registerOpenApi } from './plugins/openapi.js'
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
    trustProxy: true,
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
  await registerOpenApi(app, config.publicUrl)
  await app.register(cookie)
  registerInputHygiene(app)
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('rate_limited'),
  })
  await app.register(websocket, { options: { maxPayload: 256 * 1024 } })
  registerAuth(app, db)

  const mail = createMailService({
    repository: createMailRepository(db),
    queue,
    transport:
      options.mailTransport === undefined ? createSmtpTransport(config.smtpUrl) : options.mailTransport,
    from: config.mailFrom,
  })
  const accounts = createAccountsRepository(db)
  const auth = createAuthService({
    accounts,
    sessions: createSessionsRepository(db),
    mail,
    publicUrl: config.publicUrl,
  })
  const users = createUserService({ db, accounts })
  const speech = createSpeechService({ workers: config.speechWorkers })
  const deps: AppDeps = {
    config,
    db,
    queue,
    mail,
    speech,
    storage: createLocalStorage(options.storageDir ?? defaultStorageDir(config.dataDir)),
  }
  const apiKeys = createApiKeysService(createApiKeysRepository(db))

  const health = createHealthModule({
    db,
    queue,
    publicConfig: { smtpConfigured: mail.smtpConfigured, publicUrl: config.publicUrl },
  })
  if (health.routes) await app.register(health.routes)
  await app.register(authRoutes(auth, { secureCookies: config.secureCookies }))
  await app.register(userRoutes(users))
  await app.register(apiKeysRoutes(apiKeys))
  await app.register(mailRoutes(mail))
  const models = createModelsModule()
  if (models.routes) await app.register(models.routes)
  await app.register(voicesModule(deps))
  await app.register(historyModule(deps))

  const credits = createCreditsService({
    db,
    repository: createCreditsRepository(db),
    limiter: createConcurrencyLimiter(),
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
  await app.register(streamInputRoutes(generationDeps, createPrincipalResolver(db)))

  if (options.runWorkers !== false) {
    await queue.work('email.send', ({ messageId }) => mail.deliver(messageId))
  }

  const webDir = config.webDistDir ?? defaultWebDistDir()
  const servesWeb = await registerWebApp(app, webDir)
  if (!servesWeb) app.log.info({ webDir }, 'web app not built; serving the API only')

  app.addHook('onClose', async () => {
    await queue.stop()
    await speech.close()
    if (!options.database) await database.close()
  })
  return app
}
