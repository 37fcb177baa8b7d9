import type { OutboundOptions } from '../../lib/web-page/page-fetch.js'
import type { DomainModule } from '../domain-module.js'
import type { StudioService } from '../studio/studio.service.js'
import type { VoiceLookup } from '../voices/voice-lookup.js'
import type { LlmEndpoint } from './chat-completions.js'
import { podcastsRoutes } from './podcasts.routes.js'
import { createPodcastsService } from './podcasts.service.js'

/** Studio podcasts: a conversation (or the document in turns) as a two-voice Studio project. */
export function createPodcastsModule(deps: {
  studio: StudioService
  voices: VoiceLookup
  outbound: OutboundOptions
  llm: LlmEndpoint | null
}): DomainModule {
  const service = createPodcastsService({
    studio: deps.studio,
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
