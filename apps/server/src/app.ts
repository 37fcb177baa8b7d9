import { createSpeechService, loadNeuralCatalogue, registerNeuralCatalogue } from '@timbre/speech'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from './app-deps.js'
import type { Config } from './config.js'
import { type DatabaseHandle, embeddedDataDir, migrateToLatest, openMigratedDatabase } from './db/database.js'
import { createHttpServer } from './http-server.js'
import { startQueue } from './jobs/queue.js'
import { createLocalStorage, createStorage } from './lib/storage.js'
import { createAccountsModule } from './modules/accounts/accounts.module.js'
import { createAgentAnalyticsModule } from './modules/agent-analytics/agent-analytics.module.js'
import { createAgentTestingModule } from './modules/agent-testing/agent-testing.module.js'
import {
  createAgentsModule,
  type DependentAgentsLookup,
  type KnowledgeRetrieval,
} from './modules/agents/agents.module.js'
import { createAnalyticsModule } from './modules/analytics/analytics.module.js'
import { createApiKeysModule } from './modules/api-keys/api-keys.module.js'
import { createAudioIsolationModule } from './modules/audio-isolation/audio-isolation.module.js'
import { createAudioNativeModule } from './modules/audio-native/audio-native.module.js'
import { createAuditModule } from './modules/audit/audit.module.js'
import { createBillingModule } from './modules/billing/billing.module.js'
import { createConcurrencyModule } from './modules/concurrency/concurrency.module.js'
import { createConsentModule } from './modules/consent/consent.module.js'
import { createCreditsModule } from './modules/credits/credits.module.js'
import type { DomainModule } from './modules/domain-module.js'
import { createDubbingModule } from './modules/dubbing/dubbing.module.js'
import { createHealthModule } from './modules/health/health.module.js'
import { createHistoryModule } from './modules/history/history.module.js'
import { createImpactModule } from './modules/impact/impact.module.js'
import {
  createKnowledgeBaseModule,
  type KnowledgeBasePorts,
} from './modules/knowledge-base/knowledge-base.module.js'
import { createMailModule, type MailTransport } from './modules/mail/mail.module.js'
import { createMfaModule } from './modules/mfa/mfa.module.js'
import { createModelsModule } from './modules/models/models.module.js'
import { createMusicModule } from './modules/music/music.module.js'
import { createNotificationsModule } from './modules/notifications/notifications.module.js'
import { createOnboardingModule } from './modules/onboarding/onboarding.module.js'
import { createOpenAiAudioModule } from './modules/openai-audio/openai-audio.module.js'
import { createPodcastsModule } from './modules/podcasts/podcasts.module.js'
import { createProductionsModule } from './modules/productions/productions.module.js'
import { createPronunciationDictionariesModule } from './modules/pronunciation-dictionaries/pronunciation-dictionaries.module.js'
import { createRecordingModule } from './modules/recording/recording.module.js'
import { createReferralsModule } from './modules/referrals/referrals.module.js'
import { createResourceAccessModule } from './modules/resource-access/resource-access.module.js'
import { createSoundEffectsModule } from './modules/sound-effects/sound-effects.module.js'
import { createSpeechToSpeechModule } from './modules/speech-to-speech/speech-to-speech.module.js'
import { createSpeechToTextModule } from './modules/speech-to-text/speech-to-text.module.js'
import { createSsoModule } from './modules/sso/sso.module.js'
import { createStudioModule } from './modules/studio/studio.module.js'
import { createTelephonyModule } from './modules/telephony/telephony.module.js'
import { createTtsModule } from './modules/tts/tts.module.js'
import { createUsageModule } from './modules/usage/usage.module.js'
import { createVoiceDesignModule } from './modules/voice-design/voice-design.module.js'
import { createVoicePvcModule } from './modules/voice-pvc/voice-pvc.module.js'
import { createVoiceoverModule } from './modules/voiceover/voiceover.module.js'
import { createVoicesModule } from './modules/voices/voices.module.js'
import { createWebhooksModule } from './modules/webhooks/webhooks.module.js'
import { createWorkspacesModule } from './modules/workspaces/workspaces.module.js'
import { registerAuth } from './plugins/auth.js'
import { createSiteAddress } from './plugins/site-address.js'
import { defaultWebDistDir, registerWebApp } from './plugins/web.js'

export interface BuildOptions {
  /** An open database (tests pass one); otherwise opened from the config. */
  database?: DatabaseHandle
  /** Replaces the SMTP transport built from SMTP_URL. */
  mailTransport?: MailTransport | null
  /** Run job handlers in this process (roles `all` and `worker`). Default true. */
  runWorkers?: boolean
  /** Files root; default from the storage configuration. */
  storageDir?: string
  /** Start the speech threads with the server rather than with the first request. */
  startSpeech?: boolean
  /** Log output; tests silence it. */
  logger?: boolean
}

/** Builds the whole server: infrastructure, then the domains as a list. Tests call it directly. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database =
    options.database ??
    (await openMigratedDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: embeddedDataDir(config.dataDir),
      sharedBuffersMb: config.embeddedDbCacheMb,
    }))
  if (options.database) await migrateToLatest(database.db)
  const queue = await startQueue(database)
  const app = await createHttpServer(config, options)
  await registerModelFiles(app, config)
  const deps: AppDeps = {
    config,
    db: database.db,
    queue,
    speech: createSpeechService({ workers: config.speechWorkers, warmUp: config.speechWarmUp }),
    storage: options.storageDir
      ? createLocalStorage(options.storageDir)
      : await createStorage(config.storage),
  }
  const modules = buildModules(app, deps, options)
  for (const module of modules) if (module.routes) await app.register(module.routes)
  if (options.runWorkers !== false) for (const module of modules) await module.jobs?.(queue)
  for (const module of modules) await module.start?.()
  if (options.startSpeech) deps.speech.start()

  const webDir = config.webDistDir ?? defaultWebDistDir()
  const servesWeb = await registerWebApp(app, webDir)
  if (!servesWeb) app.log.info({ webDir }, 'web app not built; serving the API only')

  app.addHook('onClose', async () => {
    for (const module of [...modules].reverse()) await module.stop?.()
    await queue.stop()
    await deps.speech.close()
    await deps.storage.close?.()
    if (!options.database) await database.close()
  })
  return app
}

/**
 * Neural voice models in the models directory join the voice and model catalogues before the
 * modules are built. A file that cannot be used is named in a warning and left out; the rest of
 * the catalogue is unaffected.
 */
async function registerModelFiles(app: FastifyInstance, config: Config): Promise<void> {
  const catalogue = await loadNeuralCatalogue(config.modelsDir)
  for (const warning of catalogue.warnings) {
    app.log.warn({ file: warning.file }, `models directory: ${warning.file}: ${warning.message}`)
  }
  if (catalogue.voices.length > 0) {
    app.log.info(
      { modelsDir: config.modelsDir, voices: catalogue.voices.length },
      `neural voices from ${config.modelsDir}: ${catalogue.voices.map((v) => v.name).join(', ')}`,
    )
  }
  registerNeuralCatalogue(catalogue)
}

/** The knowledge base's retrieval in the shape the agents domain asks for (passages named by document). */
function knowledgeRetrievalFor(kb: KnowledgeBasePorts): KnowledgeRetrieval {
  return {
    async retrieve(input) {
      const found = await kb.retrieve(input)
      const names = new Map(
        (
          await kb.documentSummaries({
            workspaceId: input.workspaceId,
            ids: [...new Set(found.map((f) => f.documentId))],
          })
        ).map((d) => [d.id, d.name]),
      )
      return found.map((f) => ({
        documentId: f.documentId,
        documentName: names.get(f.documentId) ?? '',
        text: f.text,
        score: f.score,
      }))
    },
    async documentsExist({ workspaceId, documentIds }) {
      return (await kb.documentSummaries({ workspaceId, ids: documentIds })).map((d) => d.id)
    },
  }
}

/** The agents that use documents, gathered per agent for the knowledge base's dependent-agents call. */
function dependentAgentsFrom(
  lookup: DependentAgentsLookup,
): Parameters<KnowledgeBasePorts['registerDependentAgents']>[0] {
  return async ({ workspaceId, documentIds }) => {
    const byAgent = new Map<
      string,
      { id: string; name: string; createdAtUnixSecs: number; documentIds: string[] }
    >()
    for (const documentId of documentIds)
      for (const agent of await lookup(workspaceId, documentId)) {
        const entry = byAgent.get(agent.id) ?? {
          id: agent.id,
          name: agent.name,
          createdAtUnixSecs: Math.floor(agent.createdAt.getTime() / 1000),
          documentIds: [],
        }
        entry.documentIds.push(documentId)
        byAgent.set(agent.id, entry)
      }
    return [...byAgent.values()]
  }
}

/** Every domain, each built from the infrastructure and the ports of the domains before it. */
function buildModules(app: FastifyInstance, deps: AppDeps, options: BuildOptions): DomainModule<object>[] {
  const { config, db, queue, speech, storage } = deps
  const warn = (message: string, details: object) => app.log.warn(details, message)
  const site = createSiteAddress(config)

  const mail = createMailModule({
    db,
    queue,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    transport: options.mailTransport,
  })
  // Admin actions of every domain are recorded through this one port.
  const audit = createAuditModule({ db })
  // Who may do what with single resources, and each member's role: below every domain that
  // owns shareable resources and below billing, which asks for admins.
  const resourceAccess = createResourceAccessModule({ db, audit: audit.ports.audit })
  const billing = createBillingModule({
    db,
    site,
    stripe: config.stripe,
    operatorToken: config.operatorToken,
    // The workspace's admins manage its billing.
    access: {
      canManageBilling: async (workspaceId, userId) =>
        (await resourceAccess.ports.memberRole(workspaceId, userId)) === 'admin',
    },
    audit: audit.ports.audit,
  })
  const tierOf = async (workspaceId: string) => (await billing.ports.subscription(workspaceId)).tier
  const voices = createVoicesModule({ ...deps, tierOf, resourceAccess: resourceAccess.ports })
  const health = createHealthModule({
    db,
    queue,
    publicConfig: {
      smtpConfigured: mail.ports.mail.smtpConfigured,
      publicUrl: config.publicUrlConfigured ? config.publicUrl : null,
      catalogue: voices.ports.catalogue,
    },
  })
  const apiKeys = createApiKeysModule({ db, audit: audit.ports.audit })
  const notifications = createNotificationsModule({ db, subscription: billing.ports.subscription })
  const accounts = createAccountsModule({
    db,
    mail: mail.ports.mail,
    billing: billing.ports,
    apiKeys: apiKeys.ports.lookup,
    site,
    secureCookies: config.secureCookies,
    voiceSlotsUsed: voices.ports.slotsUsed,
    voiceAddEdits: voices.ports.addEditsThisMonth,
    log: warn,
    onSignUp: notifications.ports.welcome,
  })
  const workspaces = createWorkspacesModule({
    db,
    mail: mail.ports.mail,
    site,
    principals: accounts.ports.principals,
    reissueSession: accounts.ports.reissueSession,
    tierOf,
    billing: billing.ports,
    apiKeys: apiKeys.ports.manage,
    audit: audit.ports.audit,
    secretKey: config.secretKey,
  })
  const sso = createSsoModule({
    db,
    secretKey: config.secretKey,
    secureCookies: config.secureCookies,
    options: config.sso,
    log: warn,
    audit: audit.ports.audit,
    signInPolicies: accounts.ports.signInPolicies,
    ports: {
      findUserByEmail: (email, trx) => accounts.ports.provisionedAccounts.findUserByEmail(email, trx),
      createUser: (trx, input) => accounts.ports.provisionedAccounts.create(trx, input),
      startSession: (userId, userAgent, workspaceId) =>
        accounts.ports.startSsoSession(userId, userAgent, workspaceId),
      membership: (workspaceId, userId) => workspaces.ports.provisioning.membership(workspaceId, userId),
      maxSeats: (workspaceId) => workspaces.ports.provisioning.maxSeats(workspaceId),
      join: (trx, input) => workspaces.ports.provisioning.join(trx, input),
      setCurrentWorkspace: (userId, workspaceId, trx) =>
        workspaces.ports.provisioning.setCurrentWorkspace(userId, workspaceId, trx),
    },
  })
  const mfa = createMfaModule({
    db,
    secretKey: config.secretKey,
    principals: workspaces.ports.principals,
    tierOf,
    endSession: accounts.ports.endSession,
    log: warn,
    audit: audit.ports.audit,
    signInPolicies: accounts.ports.signInPolicies,
  })
  // Every caller is resolved with their place in the workspace (role, group permissions) and
  // checked against its security rules (two-factor requirement, session inactivity timeout).
  const principals = mfa.ports.principals
  registerAuth(app, { principals, site })
  const models = createModelsModule()
  const history = createHistoryModule({ ...deps, warn })
  const concurrency = createConcurrencyModule({ db, config, log: app.log })
  const credits = createCreditsModule({
    db,
    billing: billing.ports,
    slots: concurrency.ports.slots,
    leaseSeconds: config.creditLeaseSeconds,
  })
  const usage = createUsageModule({ credits: credits.ports })
  const analytics = createAnalyticsModule({ db, region: config.region, log: warn })
  const recording = createRecordingModule({
    billing: billing.ports,
    credits: credits.ports,
    history: history.ports,
    storage,
    leaseSeconds: config.creditLeaseSeconds,
    log: warn,
    // Every generation, whatever its route, is metered for the usage analytics.
    observe: analytics.ports.meter,
  })
  const dictionaries = createPronunciationDictionariesModule({
    db,
    access: resourceAccess.ports,
  })
  const tts = createTtsModule({
    speech,
    dictionaries: dictionaries.ports.rules,
    history: history.ports,
    voices: voices.ports.lookup,
    recorder: recording.ports.recorder,
    principals,
  })
  const onboarding = createOnboardingModule({
    db,
    accounts: accounts.ports,
    history: history.ports,
    voices: voices.ports,
    apiKeys: apiKeys.ports,
    notifications: notifications.ports,
  })
  const soundEffects = createSoundEffectsModule({ recorder: recording.ports.recorder, db, storage })
  const consent = createConsentModule({
    db,
    site,
    mail: mail.ports.mail,
    accounts: accounts.ports,
    voices: voices.ports,
    tierOf,
    operatorToken: config.operatorToken,
  })
  const music = createMusicModule({
    recorder: recording.ports.recorder,
    db,
    storage,
    publicName: (userId) => consent.ports.publicName(userId),
  })
  const audioIsolation = createAudioIsolationModule({
    db,
    storage,
    recorder: recording.ports.recorder,
    queue,
    log: (message, details) => app.log.error(details, message),
    limits: config.audioIsolation,
  })
  const webhooks = createWebhooksModule({
    db,
    queue,
    secretKey: config.secretKey,
    options: config.webhooks,
    audit: audit.ports.audit,
    voiceRemovals: voices.ports.removals,
  })
  const speechToText = createSpeechToTextModule({
    db,
    recorder: recording.ports.recorder,
    // cloud_storage_url downloads follow the same outbound rules as webhooks.
    outbound: config.webhooks,
    modelsDir: config.modelsDir,
    storage,
    queue,
    webhooks: webhooks.ports.webhooks,
    log: (message, details) => app.log.error(details, message),
    speech,
    // A server that starts its speech threads at boot keeps live decoders warm too.
    ...(options.startSpeech ? { warmLiveDecodersWith: speech } : {}),
  })
  const openAiAudio = createOpenAiAudioModule({
    tts: tts.ports,
    stt: speechToText.ports,
    modelIds: () => models.ports.catalogue.map((m) => m.model_id),
  })
  const voiceover = createVoiceoverModule({
    db,
    storage,
    queue,
    generation: {
      speech,
      voices: voices.ports.lookup,
      recorder: recording.ports.recorder,
      dictionaries: dictionaries.ports.rules,
    },
    soundEffects: soundEffects.ports.soundEffects,
    log: (message, details) => app.log.error(details, message),
  })
  const studio = createStudioModule({
    db,
    voices: voices.ports.lookup,
    queue,
    storage,
    speech,
    recorder: recording.ports.recorder,
    dictionaries: dictionaries.ports.rules,
    access: resourceAccess.ports,
    // Pages for from_url are fetched under the same outbound rules as webhooks.
    outbound: config.webhooks,
    callbacks: webhooks.ports.callbacks,
    log: (message, details) => app.log.error(details, message),
  })
  const audioNative = createAudioNativeModule({
    db,
    queue,
    storage,
    speech,
    recorder: recording.ports.recorder,
    voices: voices.ports.lookup,
    dictionaries: dictionaries.ports.rules,
    secretKey: config.secretKey,
    // Pages are fetched under the same outbound rules as webhooks.
    outbound: config.webhooks,
    log: (message, details) => app.log.error(details, message),
  })
  const podcasts = createPodcastsModule({
    studio: studio.ports.projects,
    conversion: studio.ports.conversion,
    callbacks: webhooks.ports.callbacks,
    voices: voices.ports.lookup,
    outbound: config.webhooks,
    llm: config.podcastLlm,
  })
  const knowledgeBase = createKnowledgeBaseModule({
    db,
    queue,
    documents: studio.ports.documents,
    // Pages are fetched under the same outbound rules as webhooks.
    outbound: config.webhooks,
    tierOf,
    embeddings: config.kbEmbeddings,
    log: (message, details) => app.log.error(details, message),
  })
  const voiceDesign = createVoiceDesignModule({
    db,
    storage,
    speech,
    recorder: recording.ports.recorder,
    voices: voices.ports,
  })
  const speechToSpeech = createSpeechToSpeechModule({
    recorder: recording.ports.recorder,
    voices: voices.ports.lookup,
    speech,
  })
  const voicePvc = createVoicePvcModule({
    db,
    storage,
    queue,
    speech,
    tierOf,
    voices: voices.ports,
    minTrainingSeconds: config.pvc.minTrainingSeconds,
    log: (message, details) => app.log.error(details, message),
  })
  const agents = createAgentsModule({
    db,
    secretKey: config.secretKey,
    tierOf: async (workspaceId) => (await billing.ports.plan(workspaceId)).tier,
    // The operator's own endpoint (AGENTS_LLM_URL) is configured by the operator, not a user.
    operatorFetch: fetch,
    modelsDir: config.modelsDir,
    operatorLlm: config.agentsLlm,
    // Webhook tools, MCP servers and custom language models follow the webhooks' outbound rules.
    outbound: config.webhooks,
    publicUrl: () => config.publicUrl,
    knowledge: knowledgeRetrievalFor(knowledgeBase.ports),
    // Voice conversations hear through the realtime recogniser and speak through the one pipeline.
    voice: { speech, voices: voices.ports.lookup, recogniser: speechToText.ports.recogniser, storage },
    credits: credits.ports,
    plan: billing.ports.plan,
    queue,
    postCallWebhook: webhooks.ports.webhooks.sendTo,
    webhookExists: webhooks.ports.webhooks.exists,
    secretValue: workspaces.ports.secretValue,
  })
  knowledgeBase.ports.registerDependentAgents(dependentAgentsFrom(agents.ports.dependentAgents))
  const agentTesting = createAgentTestingModule({
    db,
    queue,
    agents: agents.ports.testReplies,
    log: (message, details) => app.log.error(details, message),
  })
  const telephony = createTelephonyModule({
    db,
    queue,
    secretKey: config.secretKey,
    agents: agents.ports.agentInfo,
    callTwiml: agents.ports.callTwiml,
    phoneLine: agents.ports.phoneLine,
    sip: { publicAddress: config.sipPublicAddress },
    tierOf: async (workspaceId) => (await billing.ports.plan(workspaceId)).tier,
    twilioApiUrl: config.twilioApiUrl,
    // Calls to Twilio follow the webhooks' outbound rules.
    outbound: config.webhooks,
    log: (message, details) => app.log.error(details, message),
  })
  const agentAnalytics = createAgentAnalyticsModule({
    db,
    facts: agents.ports.conversationFacts,
    agents: agents.ports.agentInfo,
  })
  const dubbing = createDubbingModule({
    db,
    storage,
    queue,
    recorder: recording.ports.recorder,
    speech,
    voices: voices.ports.lookup,
    stt: speechToText.ports,
    // source_url downloads follow the same outbound rules as webhooks.
    outbound: config.webhooks,
    libreTranslate: config.libreTranslate,
    llm: config.dubbingLlm,
    log: (message, details) => app.log.error(details, message),
  })
  const referrals = createReferralsModule({ db, site, billing: billing.ports, stripe: config.stripe })
  const impact = createImpactModule({ db, billing: billing.ports, operatorToken: config.operatorToken })
  const productions = createProductionsModule({
    db,
    storage,
    site,
    stt: speechToText.ports,
    credits: credits.ports,
    billing: billing.ports,
    secretKey: config.secretKey,
    admins: config.productionsAdmins,
    // media_url downloads follow the same outbound rules as webhooks.
    outbound: config.webhooks,
    queue,
    log: (message, details) => app.log.error(details, message),
  })
  return [
    health,
    mail,
    audit,
    resourceAccess,
    billing,
    voices,
    apiKeys,
    notifications,
    accounts,
    workspaces,
    mfa,
    models,
    history,
    concurrency,
    credits,
    usage,
    analytics,
    recording,
    dictionaries,
    tts,
    onboarding,
    soundEffects,
    music,
    audioIsolation,
    speechToText,
    openAiAudio,
    webhooks,
    studio,
    voiceover,
    audioNative,
    podcasts,
    knowledgeBase,
    sso,
    voiceDesign,
    speechToSpeech,
    voicePvc,
    agents,
    agentTesting,
    telephony,
    agentAnalytics,
    dubbing,
    consent,
    referrals,
    impact,
    productions,
  ]
}
