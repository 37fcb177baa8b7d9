import type { Database } from '../../db/database.js'
import type { FileStorage } from '../../lib/storage.js'
import type { DomainModule } from '../domain-module.js'
import type { Recorder } from '../recording/recording.module.js'
import { createSoundEffectsRepository } from './sound-effects.repository.js'
import { soundEffectsRoutes } from './sound-effects.routes.js'
import { createSoundEffectsService, type SoundEffectsService } from './sound-effects.service.js'
import { createSoundEffectsExplore } from './sound-effects-explore.js'
import { soundEffectsExploreRoutes } from './sound-effects-explore.routes.js'

export type { SoundEffectsService }

/** Text to sound effects, the explore examples and each user's favourites. */
export function createSoundEffectsModule(deps: {
  recorder: Recorder
  db: Database
  storage: FileStorage
}): DomainModule<{ soundEffects: SoundEffectsService }> {
  const service = createSoundEffectsService(deps)
  const explore = createSoundEffectsExplore({
    storage: deps.storage,
    repository: createSoundEffectsRepository(deps.db),
  })
  return {
    name: 'sound-effects',
    routes: async (app) => {
      await app.register(soundEffectsRoutes(service))
      await app.register(soundEffectsExploreRoutes(explore))
    },
    // Other products (Voiceover Studio's sound-effect clips) generate through the same service.
    ports: { soundEffects: service },
  }
}
