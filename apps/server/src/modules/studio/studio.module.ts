import multipart from '@fastify/multipart'
import { DEFAULT_MODEL_ID, MODEL_PROFILES, PREMADE_VOICES } from '@timbre/speech'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '../../db/database.js'
import type { DomainModule } from '../domain-module.js'
import type { VoiceLookup } from '../voices/voice-lookup.js'
import type { ResourceAccess, ResourceLookup } from '../workspaces/workspaces.module.js'
import { chaptersRoutes } from './chapters.routes.js'
import { projectsRoutes } from './projects.routes.js'
import { createStudioRepository } from './studio.repository.js'
import { createStudioService } from './studio.service.js'
import { STUDIO_MULTIPART_LIMITS } from './studio-form.js'

/** Studio: long-form projects (books, articles) made of chapters and blocks. */
export interface StudioPorts {
  /** A workspace's project by id, as resource sharing names it. */
  lookup: ResourceLookup
}

export function createStudioModule(deps: {
  db: Database
  voices: VoiceLookup
  /** Per-project roles from resource sharing (the workspaces domain). */
  resources?: ResourceAccess
}): DomainModule<StudioPorts> {
  const repository = createStudioRepository(deps.db)
  const resources = deps.resources
  const service = createStudioService({
    repository,
    access: resources && {
      requireEditor: (workspace, project) =>
        resources.requireEditor(workspace, {
          type: 'project',
          id: project.id,
          creatorUserId: project.createdBy,
        }),
      created: (workspace, id) => resources.created(workspace, { type: 'project', id }),
      deleted: (workspaceId, id) => resources.deleted(workspaceId, { type: 'project', id }),
    },
    voiceUsable: async (workspaceId, voiceId) =>
      (await deps.voices.findUsable(workspaceId, voiceId)) !== null,
    modelExists: (modelId) =>
      Object.hasOwn(MODEL_PROFILES, modelId) && MODEL_PROFILES[modelId]?.can_do_text_to_speech === true,
    defaults: { voiceId: PREMADE_VOICES[0]?.voice_id ?? '', modelId: DEFAULT_MODEL_ID },
  })
  const routes: FastifyPluginAsyncZod = async (app) => {
    // Scoped to this plugin: project creation and the content call take multipart bodies.
    await app.register(multipart, { limits: STUDIO_MULTIPART_LIMITS, throwFileSizeLimit: true })
    await app.register(projectsRoutes(service))
    await app.register(chaptersRoutes(service))
  }
  return {
    name: 'studio',
    routes,
    ports: {
      lookup: async (workspaceId, id) => {
        const row = await repository.findProject(workspaceId, id)
        return row ? { id: row.id, name: row.name, creatorUserId: row.created_by } : null
      },
    },
  }
}
