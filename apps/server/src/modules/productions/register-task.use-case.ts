import { PRODUCTION_PAYMENT_WINDOW_HOURS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import { probeMedia } from './media-probe.js'
import type { ProductionsDeps } from './productions-deps.js'
import type { TaskOptions } from './task-options.js'
import { taskRow } from './task-options.js'
import { customerTaskView } from './task-views.js'

// Ordering a production from the workspace: from an uploaded file, or from a transcript the
// workspace already has (its audio and machine transcript are where the producer starts).
// Either way one order with one task is placed, payment pending until paid or cancelled.

export function mediaKey(workspaceId: string, mediaId: string): string {
  return `productions/${workspaceId}/media/${mediaId}`
}

async function placeOrder(
  deps: ProductionsDeps,
  principal: Principal,
  media: {
    name: string
    contentType: string
    storageKey: string | null
    transcriptId: string | null
    seconds: number
  },
  options: TaskOptions,
) {
  const at = deps.now()
  const orderId = newId()
  const mediaId = newId()
  const task = taskRow({
    orderId,
    workspaceId: principal.workspaceId,
    mediaIds: [mediaId],
    durationSeconds: media.seconds,
    options,
    fallbackName: media.name,
    state: 'payment_pending',
    at,
  })
  await deps.orders.transaction(async (trx) => {
    await deps.orders.insertOrder(
      {
        id: orderId,
        workspace_id: principal.workspaceId,
        user_id: principal.userId,
        name: task.name,
        status: 'payment_pending',
        total_cents: task.total_cents,
        pay_by: new Date(at.getTime() + PRODUCTION_PAYMENT_WINDOW_HOURS * 3_600_000),
        created_at: at,
        updated_at: at,
        submitted_at: at,
      },
      trx,
    )
    await deps.orders.insertMedia(
      {
        id: mediaId,
        order_id: orderId,
        workspace_id: principal.workspaceId,
        name: media.name,
        content_type: media.contentType,
        language: options.sourceLanguage,
        storage_key: media.storageKey,
        transcript_id: media.transcriptId,
        duration_seconds: media.seconds,
        created_at: at,
      },
      trx,
    )
    await deps.orders.insertTask(task, trx)
    await deps.orders.event(task.id, 'ordered', principal.userId, null, trx)
  })
  const order = await deps.orders.orderById(orderId)
  const row = await deps.orders.taskById(task.id)
  return customerTaskView(row!, order!, [], await deps.orders.events(task.id))
}

export async function registerFromFile(
  deps: ProductionsDeps,
  principal: Principal,
  input: { file: { data: Buffer; fileName: string } | { url: string }; options: TaskOptions },
) {
  // Media given by address is fetched under the outbound rules before anything is stored.
  const file = 'url' in input.file ? await deps.fetchMedia(input.file.url) : input.file
  const probed = await probeMedia(file.data)
  const key = mediaKey(principal.workspaceId, newId())
  await deps.storage.put(key, file.data)
  try {
    return await placeOrder(
      deps,
      principal,
      {
        name: file.fileName.slice(0, 255) || 'media',
        contentType: probed.contentType,
        storageKey: key,
        transcriptId: null,
        seconds: probed.seconds,
      },
      input.options,
    )
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined)
    throw error
  }
}

export async function registerFromTranscript(
  deps: ProductionsDeps,
  principal: Principal,
  input: {
    transcriptionId: string
    options: Omit<TaskOptions, 'sourceLanguage'> & { sourceLanguage: string | null }
  },
) {
  const summary = await deps.transcripts.summary(principal.workspaceId, input.transcriptionId)
  if (!summary) throw new AppError('production_transcript_not_found', { param: 'transcription_id' })
  return placeOrder(
    deps,
    principal,
    {
      name: summary.fileName,
      contentType: 'audio/mpeg',
      storageKey: null,
      transcriptId: summary.transcriptId,
      seconds: summary.durationSeconds,
    },
    { ...input.options, sourceLanguage: input.options.sourceLanguage ?? summary.languageCode },
  )
}
