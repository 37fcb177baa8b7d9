import type { DomainModule } from '../domain-module.js'
import type { Recorder } from '../recording/recording.types.js'
import { soundEffectsRoutes } from './sound-effects.routes.js'
import { createSoundEffectsService } from './sound-effects.service.js'

/** Text to sound effects. */
export function createSoundEffectsModule(deps: { recorder: Recorder }): DomainModule {
  const service = createSoundEffectsService(deps)
  return {
    name: 'sound-effects',
    routes: async (app) => {
      await app.register(soundEffectsRoutes(service))
    },
    ports: {},
  }
}
