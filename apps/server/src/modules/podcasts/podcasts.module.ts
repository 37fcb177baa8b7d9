import { DEFAULT_MODEL_ID, MODEL_PROFILES, PREMADE_VOICES } from '@timbre/speech'
import type { Database } from '../../db/database.js'
import type { OutboundOptions } from '../audio-native/page-fetch.js'
import type { DomainModule } from '../domain-module.js'
import { createStudioRepository } from '../studio/studio.repository.js'
import { createStudioService } from '../studio/studio.service.js'
import type { VoiceLookup } from '../voices/voice-lookup.js'
import type { LlmEndpoint } from './chat-completions.js'
import { podcastsRoutes } from './podcasts.routes.js'
import { createPodcastsService } from './podcasts.service.js'

/** Studio podcasts: a conversation (or the document in turns) as a two-voice Studio project. */
export function createPodcastsModule(deps: {
  db: Database
  voices: VoiceLookup
  outbound: OutboundOptions
  llm: LlmEndpoint | null
}): DomainModule {
  // Studio's own service, so a podcast is created exactly as any other project.
  const studio = createStudioService({
    repository: createStudioRepository(deps.db),
    voiceUsable: async (workspaceId, voiceId) =>
      (await deps.voices.findUsable(workspaceId, voiceId)) !== null,
    modelExists: (modelId) =>
      Object.hasOwn(MODEL_PROFILES, modelId) && MODEL_PROFILES[modelId]?.can_do_text_to_speech === true,
    defaults: { voiceId: PREMADE_VOICES[0]?.voice_id ?? '', modelId: DEFAULT_MODEL_ID },
  })
  const service = createPodcastsService({
    studio,
    voices: deps.voices,
    outbound: deps.outbound,
    llm: deps.llm,
  })
  return {
    name: 'podcasts',
    routes: async (app) => {
      await app.register(podcastsRoutes(service))
    },
    ports: {},
  }
}
