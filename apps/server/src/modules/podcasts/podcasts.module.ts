import type { OutboundPolicy } from '../../platform/outbound/outbound.js'
import type { DomainModule } from '../domain-module.js'
import type { StudioPorts, StudioService } from '../studio/studio.module.js'
import type { VoiceLookup } from '../voices/voices.module.js'
import type { CallbacksPort } from '../webhooks/webhooks.module.js'
import type { LlmEndpoint } from './chat-completions.js'
import { podcastsRoutes } from './podcasts.routes.js'
import { createPodcastsService } from './podcasts.service.js'

/** Studio podcasts: a conversation (or the document in turns) as a two-voice Studio project. */
export function createPodcastsModule(deps: {
  studio: StudioService
  conversion: StudioPorts['conversion']
  callbacks: CallbacksPort
  voices: VoiceLookup
  outbound: OutboundPolicy
  llm: LlmEndpoint | null
}): DomainModule {
  const service = createPodcastsService({
    studio: deps.studio,
    conversion: deps.conversion,
    callbacks: deps.callbacks,
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
