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
import { createBillingModule } from './modules/billing/billing.module.js'
import { createCreditsModule } from './modules/credits/credits.module.js'
import { configRoutes } from './modules/health/config.routes.js'
import { healthRoutes } from './modules/health/health.routes.js'
import { historyModule } from './modules/history/history.module.js'
import { createHistoryRepository } from './modules/history/history.repository.js'
import { createMailRepository } from './modules/mail/mail.repository.js'
import { mailRoutes } from './modules/mail/mail.routes.js'
import { createMailService, createSmtpTransport, type MailTransport } from './modules/mail/mail.service.js'
import { modelsModule } from './modules/models/models.module.js'
import { createRecordingModule } from './modules/recording/recording.module.js'
import { createTtsModule } from './modules/tts/tts.module.js'
import { createVoiceLookup } from './modules/voices/voice-lookup.js'
import { voicesModule } from './modules/voices/voices.module.js'
import { createPrincipalResolver, registerAuth } from './plugins/auth.js'
import { registerErrorHandling } from './plugins/errors.js'
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
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('onRequest', async (request, reply) => {
    reply.header('request-id', request.id)
  })
  registerErrorHandling(app)
  await registerOpenApi(app, config.publicUrl)
  await app.register(cookie)
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

  await app.register(healthRoutes(db, queue))
  await app.register(configRoutes({ smtpConfigured: mail.smtpConfigured, publicUrl: config.publicUrl }))
  await app.register(authRoutes(auth, { secureCookies: config.secureCookies }))
  await app.register(userRoutes(users))
  await app.register(apiKeysRoutes(apiKeys))
  await app.register(mailRoutes(mail))
  await app.register(modelsModule())
  await app.register(voicesModule(deps))
  await app.register(historyModule(deps))

  const billing = createBillingModule({ db })
  const credits = createCreditsModule({ db, billing: billing.ports, leaseSeconds: config.creditLeaseSeconds })
  const recording = createRecordingModule({
    billing: billing.ports,
    credits: credits.ports,
    history: createHistoryRepository(db),
    storage: deps.storage,
    leaseSeconds: config.creditLeaseSeconds,
    log: (message, details) => app.log.warn(details, message),
  })
  const tts = createTtsModule({
    db,
    speech,
    voices: createVoiceLookup(db),
    recorder: recording.ports.recorder,
    principals: createPrincipalResolver(db),
  })
  await app.register(tts.routes!)
  await credits.start?.()
  await recording.start?.()

  if (options.runWorkers !== false) {
    await queue.work('email.send', ({ messageId }) => mail.deliver(messageId))
  }

  const webDir = config.webDistDir ?? defaultWebDistDir()
  const servesWeb = await registerWebApp(app, webDir)
  if (!servesWeb) app.log.info({ webDir }, 'web app not built; serving the API only')

  app.addHook('onClose', async () => {
    await recording.stop?.()
    await credits.stop?.()
    await queue.stop()
    await speech.close()
    if (!options.database) await database.close()
  })
  return app
}
