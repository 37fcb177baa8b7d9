import { DEFAULT_MODEL_ID, modelProfileFor, PREMADE_VOICES } from '@timbre/speech'
import type { Database } from '../../db/database.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { FileStorage } from '../../lib/storage.js'
import type { GenerationDeps } from '../../platform/generation/begin-generation.js'
import { resolveVoice } from '../../platform/generation/generation-inputs.js'
import type { DomainModule } from '../domain-module.js'
import type { SoundEffectsService } from '../sound-effects/sound-effects.module.js'
import { createClipAudio } from './clip-audio.js'
import { createClipsService } from './clips.service.js'
import { projectsRoutes } from './projects.routes.js'
import { createRenders, renderStale } from './render.service.js'
import { timelineRoutes } from './timeline.routes.js'
import { createVoiceoverRepository } from './voiceover.repository.js'
import { createVoiceoverService } from './voiceover.service.js'

/** Voiceover Studio: tracks and clips over an optional video or audio, rendered as one mix. */
export function createVoiceoverModule(deps: {
  db: Database
  storage: FileStorage
  queue: JobQueue
  generation: GenerationDeps
  soundEffects: SoundEffectsService
  log?: (message: string, details: object) => void
}): DomainModule {
  const repository = createVoiceoverRepository(deps.db)
  const defaultVoiceId = PREMADE_VOICES[0]?.voice_id ?? ''
  const projects = createVoiceoverService({
    repository,
    storage: deps.storage,
    defaultVoiceId,
    checkVoice: async (workspaceId, voiceId) => {
      await resolveVoice(deps.generation.voices, workspaceId, voiceId)
    },
    languages: modelProfileFor(DEFAULT_MODEL_ID).languages,
    renderStale,
  })
  const clips = createClipsService({
    projects,
    storage: deps.storage,
    audio: createClipAudio({ generation: deps.generation, soundEffects: deps.soundEffects }),
    defaultVoiceId,
  })
  const renders = createRenders({
    projects,
    repository,
    storage: deps.storage,
    queue: deps.queue,
    ...(deps.log ? { log: deps.log } : {}),
  })
  return {
    name: 'voiceover',
    jobs: (queue) => queue.work('voiceover.render', ({ renderId }) => renders.run(renderId)),
    routes: async (app) => {
      await app.register(projectsRoutes(projects, renders))
      await app.register(timelineRoutes(projects, clips))
    },
    ports: {},
  }
}
