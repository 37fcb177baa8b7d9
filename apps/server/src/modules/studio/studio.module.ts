import { DEFAULT_MODEL_ID, MODEL_PROFILES, PREMADE_VOICES, type SpeechService } from '@timbre/speech'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '../../db/database.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { FileStorage } from '../../lib/storage.js'
import { startHeldJobs } from '../../platform/jobs/held-run-runner.js'
import type { OutboundPolicy } from '../../platform/outbound/outbound.js'
import type { DomainModule } from '../domain-module.js'
import type { PronunciationRulesPort } from '../pronunciation-dictionaries/pronunciation-dictionaries.module.js'
import type { Recorder } from '../recording/recording.module.js'
import type { ResourceAccessPorts } from '../resource-access/resource-access.module.js'
import type { VoiceLookup } from '../voices/voices.module.js'
import type { CallbacksPort } from '../webhooks/webhooks.module.js'
import { createCastRepository } from './casting/cast.repository.js'
import { castRoutes } from './casting/cast.routes.js'
import { createCastingService } from './casting/casting.service.js'
import { chaptersRoutes } from './chapters.routes.js'
import { createConversionRepository } from './conversion/conversion.repository.js'
import { conversionRoutes } from './conversion/conversion.routes.js'
import {
  type ConversionService,
  createConversionService,
  RECOVERY_SWEEP_MS,
} from './conversion/conversion.service.js'
import { createExportsRepository } from './conversion/exports.repository.js'
import { exportsRoutes } from './conversion/exports.routes.js'
import { createExportsService } from './conversion/exports.service.js'
import { snapshotRestoreRoutes } from './conversion/snapshot-restore.routes.js'
import { snapshotsRoutes } from './conversion/snapshots.routes.js'
import { createSnapshotsService } from './conversion/snapshots.service.js'
import { editorRoutes } from './editor/editor.routes.js'
import { createEditorLeaseRepository } from './editor/editor-lease.repository.js'
import { declaredKind, documentKind, readDocument } from './import/read-document.js'
import { projectCoverRoutes } from './project-cover.routes.js'
import { projectsRoutes } from './projects.routes.js'
import { publicBookRoutes } from './publishing/public-book.routes.js'
import { createPublishingRepository } from './publishing/publishing.repository.js'
import { publishingRoutes } from './publishing/publishing.routes.js'
import { createPublishingService } from './publishing/publishing.service.js'
import { createStudioRepository } from './studio.repository.js'
import {
  createStudioService,
  type StudioAccess,
  type StudioDeps,
  type StudioService,
} from './studio.service.js'
import { takesRoutes } from './takes/takes.routes.js'
import { createTakesService } from './takes/takes.service.js'

/** What other domains may do with Studio. */
export interface StudioPorts {
  /** Make projects exactly as the API does (podcasts). */
  projects: StudioService
  /** Converting projects as the API does (podcasts are converted once created). */
  conversion: Pick<ConversionService, 'convertProject'>
  /** Reading EPUB, DOCX, HTML and text files with Studio's importers (knowledge base files). */
  documents: DocumentReader
}

/** Studio: long-form projects (books, articles) made of chapters and blocks, converted as jobs. */
export function createStudioModule(deps: {
  db: Database
  voices: VoiceLookup
  queue: JobQueue
  storage: FileStorage
  speech: SpeechService
  recorder: Recorder
  dictionaries: PronunciationRulesPort
  /** Per-project roles from resource sharing; projects are registered there for sharing. */
  access: Pick<ResourceAccessPorts, 'resources' | 'registerLookup'>
  /** Where `from_url` may fetch pages (the same outbound rules as webhooks). */
  outbound: OutboundPolicy
  /** A project's `callback_url`: checked and posted to by the webhooks domain. */
  callbacks?: CallbacksPort
  log?: (message: string, details: object) => void
}): DomainModule<StudioPorts> {
  const repository = createStudioRepository(deps.db)
  const conversions = createConversionRepository(deps.db)
  const { resources } = deps.access
  const access: StudioAccess = {
    requireEditor: (workspace, project) =>
      resources.requireEditor(workspace, {
        type: 'project',
        id: project.id,
        creatorUserId: project.createdBy,
      }),
    created: (workspace, id) => resources.created(workspace, { type: 'project', id }),
    deleted: (workspaceId, id) => resources.deleted(workspaceId, { type: 'project', id }),
  }
  // Sharing names projects by id; it finds them here.
  deps.access.registerLookup('project', async (workspaceId, id) => {
    const row = await repository.findProject(workspaceId, id)
    return row ? { id: row.id, name: row.name, creatorUserId: row.created_by } : null
  })
  const studioDeps: StudioDeps = {
    repository,
    access,
    storage: deps.storage,
    outbound: deps.outbound,
    checkCallbackUrl: deps.callbacks?.check,
    voiceUsable: async (workspaceId, voiceId) =>
      (await deps.voices.findUsable(workspaceId, voiceId)) !== null,
    modelExists: (modelId) =>
      Object.hasOwn(MODEL_PROFILES, modelId) && MODEL_PROFILES[modelId]?.can_do_text_to_speech === true,
    defaults: { voiceId: PREMADE_VOICES[0]?.voice_id ?? '', modelId: DEFAULT_MODEL_ID },
    blockAudio: (chapterId) => conversions.blockAudio([chapterId]),
    // Bound late: publishing is made after the project service it builds on.
    derivedFiles: async (projectId) => [
      ...(await publishing.files(projectId)),
      ...(await exports.files(projectId)),
      ...(await conversions.blockFiles(projectId)),
    ],
  }
  const service = createStudioService(studioDeps)
  const casting = createCastingService({ ...studioDeps, cast: createCastRepository(deps.db) })
  const conversion = createConversionService({
    studio: repository,
    conversions,
    queue: deps.queue,
    storage: deps.storage,
    speech: deps.speech,
    voices: deps.voices,
    dictionaries: deps.dictionaries,
    recorder: deps.recorder,
    access,
    callbacks: deps.callbacks,
    ...(deps.log ? { log: deps.log } : {}),
  })
  const snapshots = createSnapshotsService({
    studio: repository,
    conversions,
    conversion,
    storage: deps.storage,
    access,
  })
  const takes = createTakesService({ studio: repository, conversions, storage: deps.storage, access })
  let stopRecovery: () => void = () => undefined
  const exports = createExportsService({
    studio: repository,
    conversions,
    conversion,
    exports: createExportsRepository(deps.db),
    queue: deps.queue,
    storage: deps.storage,
    ...(deps.log ? { log: deps.log } : {}),
  })
  const publishing = createPublishingService({
    publications: createPublishingRepository(deps.db),
    studio: repository,
    conversions,
    conversion,
    storage: deps.storage,
    queue: deps.queue,
    access,
    ...(deps.log ? { log: deps.log } : {}),
  })
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(projectsRoutes(service))
    await app.register(projectCoverRoutes(service))
    await app.register(chaptersRoutes(service))
    await app.register(castRoutes(casting))
    await app.register(
      editorRoutes({
        ...studioDeps,
        leases: createEditorLeaseRepository(deps.db),
        blockTimings: async (chapterId) =>
          new Map(
            (await conversions.blockAudio([chapterId])).map((row) => [
              row.block_id,
              { seconds: row.duration_seconds, words: row.words },
            ]),
          ),
      }),
    )
    await app.register(takesRoutes(takes))
    await app.register(conversionRoutes(conversion))
    await app.register(snapshotsRoutes(snapshots))
    await app.register(snapshotRestoreRoutes(snapshots))
    await app.register(exportsRoutes(exports))
    await app.register(publishingRoutes(publishing))
    await app.register(publicBookRoutes(publishing))
  }
  return {
    name: 'studio',
    routes,
    jobs: async (queue) => {
      await queue.work('studio.publish', ({ projectId, runId }) => publishing.run(projectId, runId))
      // Conversions and exports are held runs: where the jobs run, those whose worker died are
      // taken over as soon as they go stale.
      stopRecovery = await startHeldJobs(queue, [conversion.job, exports.job], {
        sweepMs: RECOVERY_SWEEP_MS,
        log: deps.log,
      })
    },
    stop: () => stopRecovery(),
    ports: {
      projects: service,
      conversion,
      documents: documentReader,
    },
  }
}

/**
 * The importers other domains read documents with (a knowledge base's files): the kind a file
 * is by its bytes, and its text as chapters of headings and paragraphs. Both throw
 * UnreadableDocument with a message meant for the user.
 */
export const documentReader = {
  kind: (bytes: Uint8Array, fileName: string) => documentKind(bytes, declaredKind(fileName)),
  read: (bytes: Uint8Array, fileName: string) => readDocument(bytes, fileName, (i) => `Chapter ${i + 1}`),
}
export type DocumentReader = typeof documentReader
export { type ImportedDocument, UnreadableDocument } from './import/imported-document.js'
export { projectEnvelope } from './studio.schemas.js'
export type { StudioService } from './studio.service.js'
export type { StudioForm } from './studio-form.js'
