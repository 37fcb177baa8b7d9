import { type ProductionKind, productionQuote } from '@timbre/contract'
import type { Insertable } from 'kysely'
import { newId } from '../../lib/ids.js'
import type { ProductionTasksTable } from './productions.tables.js'

/** What a customer chooses when ordering a production. */
export interface TaskOptions {
  kind: ProductionKind
  name: string | null
  sourceLanguage: string
  targetLanguages: string[]
  speakers: number | null
  verbatim: boolean
  sdh: boolean
  audioEventTags: boolean
  instructions: string | null
}

/** The task row of an ordered production, priced by the one pricing rule. */
export function taskRow(input: {
  orderId: string
  workspaceId: string
  mediaIds: string[]
  durationSeconds: number
  options: TaskOptions
  fallbackName: string
  state: string
  at: Date
  id?: string
}): Insertable<ProductionTasksTable> {
  const { options } = input
  const quote = productionQuote({
    kind: options.kind,
    durationSeconds: input.durationSeconds,
    targetLanguages: options.targetLanguages.length,
    verbatim: options.verbatim,
    sdh: options.sdh,
    at: input.at,
  })
  return {
    id: input.id ?? newId(),
    order_id: input.orderId,
    workspace_id: input.workspaceId,
    kind: options.kind,
    name: options.name ?? input.fallbackName,
    media_ids: JSON.stringify(input.mediaIds),
    source_language: options.sourceLanguage,
    target_languages: JSON.stringify(options.targetLanguages),
    speakers: options.speakers,
    verbatim: options.verbatim,
    sdh: options.kind === 'captions' ? true : options.sdh,
    audio_event_tags: options.audioEventTags,
    instructions: options.instructions,
    quote: JSON.stringify(quote),
    total_cents: quote.total_cents,
    state: input.state,
    created_at: input.at,
    updated_at: input.at,
  }
}
