import { MusicRenderer } from '@timbre/speech'
import type { Database } from '../../db/database.js'
import type { FileStorage } from '../../lib/storage.js'
import type { DomainModule } from '../domain-module.js'
import type { Recorder } from '../recording/recording.module.js'
import { createMusicRepository } from './music.repository.js'
import { musicRoutes } from './music.routes.js'
import { createMusicService, type MusicService } from './music.service.js'
import { musicFilesRoutes } from './music-files.routes.js'
import { musicFinetunesRoutes } from './music-finetunes.routes.js'
import { musicShareRoutes } from './music-share.routes.js'
import { musicSongsRoutes } from './music-songs.routes.js'

export type { MusicService }

/** Music: plans and songs from the composer, rendered with a General MIDI SoundFont. */
export function createMusicModule(deps: {
  recorder: Recorder
  db: Database
  storage: FileStorage
  publicName?: (userId: string) => Promise<string | null>
}): DomainModule<{ music: MusicService }> {
  const renderer = new MusicRenderer()
  const repository = createMusicRepository(deps.db)
  const service = createMusicService({
    recorder: deps.recorder,
    renderer,
    repository,
    storage: deps.storage,
    publicName: deps.publicName ?? (async () => null),
  })
  return {
    name: 'music',
    routes: async (app) => {
      await app.register(musicRoutes(service))
      await app.register(musicFilesRoutes(service))
      await app.register(musicSongsRoutes(service))
      await app.register(musicFinetunesRoutes(service))
      await app.register(musicShareRoutes(service))
    },
    async stop() {
      await renderer.close()
    },
    ports: { music: service },
  }
}
