import { PREMADE_VOICES } from '@timbre/speech'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppDeps } from '../../app-deps.js'
import { createTopic, type Topic } from '../../platform/events.js'
import type { DomainModule } from '../domain-module.js'
import type { ResourceAccessPorts } from '../resource-access/resource-access.module.js'
import { type CloneGuards, createCloneGuards } from './clone-guards.js'
import { createPageTokenCodec } from './page-token.js'
import { seedPremadeVoices } from './premade-voices.seed.js'
import { grantingOnCreation, type VoiceAccess } from './voice-access.js'
import { voiceCloneRoutes } from './voice-clone.routes.js'
import { createVoiceCloneService, monthStart } from './voice-clone.service.js'
import { voiceCollectionsRoutes } from './voice-collections.routes.js'
import { createVoiceCollectionsService } from './voice-collections.service.js'
import { voiceEditRoutes } from './voice-edit.routes.js'
import { createVoiceEditService } from './voice-edit.service.js'
import { createGeneratedVoices, type GeneratedVoices } from './voice-generated.service.js'
import { createVoiceLibraryRepository } from './voice-library.repository.js'
import { voiceLibraryRoutes } from './voice-library.routes.js'
import { createVoiceLibraryService } from './voice-library.service.js'
import { createVoiceLookup, type VoiceLookup } from './voice-lookup.js'
import { voicePreviewRoutes } from './voice-preview.routes.js'
import { createVoicePreviews } from './voice-previews.service.js'
import type { VoiceRemovalNotice } from './voice-removal-notices.js'
import { createVoiceSamplesRepository } from './voice-samples.repository.js'
import { voiceSettingsRoutes } from './voice-settings.routes.js'
import { createVoicesRepository } from './voices.repository.js'
import { voicesRoutes } from './voices.routes.js'
import { createVoicesService, type FineTuningLookup } from './voices.service.js'

export type { CloneGuards } from './clone-guards.js'

export interface VoicesPorts {
  /** The voices a workspace may speak with (premade and its own). */
  lookup: VoiceLookup
  /** How many voice slots a workspace uses. */
  slotsUsed(workspaceId: string): Promise<number>
  /** Voice additions and sample edits of a workspace this calendar month. */
  addEditsThisMonth(workspaceId: string): Promise<number>
  /** The categories (cloned, generated, ...) of the voices a user has added. */
  categoriesAddedBy(userId: string): Promise<string[]>
  /** The size of the premade library: its voices and the languages they speak. */
  catalogue: VoiceCatalogue
  /** Voices made by voice design and remix, within the plan's voice limit and add/edit count. */
  generated: GeneratedVoices
  /** Workspaces that lose a voice they use (a library copy, or one an admin deleted). */
  removals: Pick<Topic<VoiceRemovalNotice[]>, 'subscribe'>
  /**
   * The professional voice clone domain (built after this one) supplies the fine-tuning state
   * voices show; until it does, voices show none.
   */
  fineTuning: { provide(lookup: FineTuningLookup): void }
  /** Checks before a voice is cloned or analysed (the consent domain adds the biometric terms). */
  cloneGuards: CloneGuards
}

export interface VoiceCatalogue {
  voices: number
  languages: number
}

/** Voices: premade library, workspace voices, settings, samples and previews. */
export function createVoicesModule(
  deps: Pick<AppDeps, 'db' | 'storage' | 'speech' | 'config'> & {
    /** The subscription tier of a workspace (billing): which plans may clone, and how many voices. */
    tierOf: (workspaceId: string) => Promise<string>
    /** Per-voice roles from resource sharing; voices are registered there for sharing. */
    resourceAccess?: Pick<ResourceAccessPorts, 'resources' | 'registerLookup'>
  },
): DomainModule<VoicesPorts> {
  const repository = createVoicesRepository(deps.db)
  const lookup = createVoiceLookup(repository)
  const cloneGuards = createCloneGuards()
  const access = deps.resourceAccess && voiceAccess(deps.resourceAccess)
  // Sharing names workspace voices by id (premade voices are nobody's to share).
  deps.resourceAccess?.registerLookup('voice', async (workspaceId, id) => {
    const voice = await lookup.findUsable(workspaceId, id)
    if (!voice || voice.category === 'premade') return null
    return { id: voice.voiceId, name: voice.name, creatorUserId: voice.ownerUserId }
  })
  const removals = createTopic<VoiceRemovalNotice[]>()
  let fineTuning: FineTuningLookup | undefined
  const library = createVoiceLibraryRepository(deps.db)
  repository.createOwned = grantingOnCreation(repository.createOwned, access)
  library.createCopy = grantingOnCreation(library.createCopy, access)
  const samples = createVoiceSamplesRepository(deps.db)
  const voices = createVoicesService({
    access,
    fineTuning: async (voiceIds) => (fineTuning ? fineTuning(voiceIds) : new Map()),
    removals,
    collections: { voiceIds: library.voiceIdsOf, collectionIdsOf: library.collectionIdsOf },
    repository,
    samples,
    storage: deps.storage,
    tokens: createPageTokenCodec(deps.config.secretKey),
    publicUrl: deps.config.publicUrl,
  })
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(voicesRoutes(voices))
    await app.register(voiceSettingsRoutes(voices))
    await app.register(
      voiceEditRoutes(createVoiceEditService({ repository, samples, storage: deps.storage, access })),
    )
    await app.register(
      voiceCloneRoutes(
        createVoiceCloneService({
          repository,
          storage: deps.storage,
          speech: deps.speech,
          tierOf: deps.tierOf,
        }),
        cloneGuards,
      ),
    )
    await app.register(
      voicePreviewRoutes(
        createVoicePreviews({ repository, samples, storage: deps.storage, speech: deps.speech }),
      ),
    )
    await app.register(
      voiceLibraryRoutes(
        createVoiceLibraryService({
          voices: repository,
          library,
          speech: deps.speech,
          publicUrl: deps.config.publicUrl,
          tierOf: deps.tierOf,
        }),
      ),
    )
    await app.register(voiceCollectionsRoutes(createVoiceCollectionsService({ voices: repository, library })))
  }
  return {
    name: 'voices',
    routes,
    // The premade library is in the database before the first request asks for a voice.
    start: () => seedPremadeVoices(repository),
    ports: {
      cloneGuards,
      lookup,
      slotsUsed: (workspaceId) => repository.countOwned(workspaceId),
      addEditsThisMonth: (workspaceId) => repository.countAddEditsSince(workspaceId, monthStart()),
      categoriesAddedBy: (userId) => repository.categoriesAddedBy(userId),
      generated: createGeneratedVoices({ repository, voices, tierOf: deps.tierOf }),
      catalogue: {
        voices: PREMADE_VOICES.length,
        languages: new Set(PREMADE_VOICES.map((v) => v.language)).size,
      },
      removals: { subscribe: (listener) => removals.subscribe(listener) },
      fineTuning: {
        provide(lookup) {
          if (fineTuning) throw new Error('fine-tuning states are already provided')
          fineTuning = lookup
        },
      },
    },
  }
}

/** Per-voice roles as resource sharing keeps them for the `voice` resource type. */
function voiceAccess(ports: Pick<ResourceAccessPorts, 'resources'>): VoiceAccess {
  const { resources } = ports
  return {
    requireEditor: (caller, voice) =>
      resources.requireEditor(caller, { type: 'voice', id: voice.id, creatorUserId: voice.ownerUserId }),
    created: (caller, id) => resources.created(caller, { type: 'voice', id }),
    deleted: (workspaceId, id) => resources.deleted(workspaceId, { type: 'voice', id }),
  }
}

export { verifiedLanguagesOf } from './voice-definition.js'
export { parseLabels, parseName } from './voice-edit.service.js'
export type { UsableVoice, VoiceLookup } from './voice-lookup.js'
export type { VoiceRemovalNotice } from './voice-removal-notices.js'
export { voice } from './voices.schemas.js'
export type { FineTuningLookup } from './voices.service.js'
export type { VoicesTable } from './voices.tables.js'
