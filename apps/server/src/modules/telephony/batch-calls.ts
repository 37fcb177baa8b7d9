import {
  BATCH_PHONE_COLUMN_MESSAGE,
  BATCH_RETRYABLE_STATUSES,
  convaiLimits,
  E164_PATTERN,
} from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { BatchRow, RecipientRow } from './batch-calls.repository.js'
import type { TelephonyDeps } from './telephony.deps.js'
import type { BatchBody } from './telephony.schemas.js'

// Batch calls: many recipients called by one agent from one number, now or at a set time, at
// most so many at once (within the plan's concurrency); cancel stops the calls not yet placed,
// retry calls again those that did not answer or errored.

const unix = (date: Date) => Math.floor(new Date(date).getTime() / 1000)
const enqueue = (deps: TelephonyDeps) => (trx: Transaction<DB>, id: string) =>
  deps.queue.send('batch-calling.dispatch', { batchId: id }, { trx })

type Overrides = Record<string, unknown>
const at = (root: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Overrides)[key] : undefined),
    root,
  )

/** The per-recipient overrides the spec allows, each with where the agent enables it. */
const OVERRIDES: Array<{ used: string[]; enabled: string[] }> = [
  { used: ['agent', 'first_message'], enabled: ['agent', 'first_message'] },
  { used: ['agent', 'language'], enabled: ['agent', 'language'] },
  { used: ['agent', 'prompt', 'prompt'], enabled: ['agent', 'prompt', 'prompt'] },
  { used: ['tts', 'voice_id'], enabled: ['tts', 'voice_id'] },
]

/** Overrides a recipient sends must be enabled on the agent. */
function checkOverrides(settings: Record<string, unknown>, data: unknown, index: number) {
  const override = at(data, 'conversation_config_override')
  if (!override) return
  const enabled = at(settings, 'overrides', 'conversation_config_override')
  for (const rule of OVERRIDES)
    if (at(override, ...rule.used) !== undefined && at(enabled, ...rule.enabled) !== true)
      throw new AppError('batch_override_not_allowed', {
        param: `recipients[${index}].conversation_initiation_client_data.conversation_config_override.${rule.used.join('.')}`,
      })
}

export async function submitBatch(deps: TelephonyDeps, principal: Principal, body: BatchBody) {
  const agent = await deps.agents(principal.workspaceId, body.agent_id)
  if (!agent) throw new AppError('agent_not_found', { param: 'agent_id' })
  if (!body.agent_phone_number_id)
    throw new AppError('phone_number_not_found', {
      message: 'Choose the number the calls come from.',
      param: 'agent_phone_number_id',
    })
  const number = await deps.numbers.find(principal.workspaceId, body.agent_phone_number_id)
  if (!number) throw new AppError('phone_number_not_found', { param: 'agent_phone_number_id' })
  if (!number.supports_outbound)
    throw new AppError('phone_number_no_outbound', { param: 'agent_phone_number_id' })
  if (body.recipients.length === 0)
    throw new AppError('batch_recipients_invalid', {
      message: 'Add at least one recipient.',
      param: 'recipients',
    })
  const recipients = body.recipients.map((r, index) => {
    const phone = r.phone_number?.replace(/[\s()-]/g, '') ?? ''
    if (!phone)
      throw new AppError('batch_recipients_invalid', {
        message: BATCH_PHONE_COLUMN_MESSAGE,
        param: `recipients[${index}].phone_number`,
      })
    if (!E164_PATTERN.test(phone))
      throw new AppError('phone_number_invalid', { param: `recipients[${index}].phone_number` })
    checkOverrides(agent.platformSettings, r.conversation_initiation_client_data, index)
    return { id: newId(), phoneNumber: phone, clientData: r.conversation_initiation_client_data ?? null }
  })
  const planLimit = convaiLimits(await deps.tierOf(principal.workspaceId)).concurrency
  const scheduled = body.scheduled_time_unix ? new Date(body.scheduled_time_unix * 1000) : new Date()
  const id = newId()
  await deps.batches.create(
    {
      id,
      workspace_id: principal.workspaceId,
      created_by: principal.userId,
      name: body.call_name,
      agent_id: agent.id,
      agent_name: agent.name,
      phone_number_id: number.id,
      phone_provider: number.provider,
      scheduled_at: scheduled,
      timezone: body.timezone ?? null,
      concurrency: Math.max(1, Math.min(body.target_concurrency_limit ?? planLimit, planLimit)),
      status: scheduled.getTime() > Date.now() ? 'pending' : 'queued',
    },
    recipients,
    enqueue(deps),
  )
  return batchView(deps, (await deps.batches.find(principal.workspaceId, id)) as BatchRow)
}

/** The public states: scheduled (pending), in progress (queued or dispatching), then final. */
function publicStatus(status: string): string {
  return status === 'queued' || status === 'running' ? 'in_progress' : status
}

export async function batchView(deps: TelephonyDeps, row: BatchRow) {
  const counts = await deps.batches.counts([row.id])
  const of = (...statuses: string[]) =>
    counts.filter((c) => statuses.includes(c.status)).reduce((sum, c) => sum + Number(c.n), 0)
  return {
    id: row.id,
    phone_number_id: row.phone_number_id,
    phone_provider: row.phone_provider,
    name: row.name,
    agent_id: row.agent_id,
    agent_name: row.agent_name,
    created_at_unix: unix(row.created_at),
    scheduled_time_unix: unix(row.scheduled_at),
    timezone: row.timezone ?? undefined,
    total_calls_dispatched: of(
      'dispatched',
      'initiated',
      'in_progress',
      'completed',
      'failed',
      'voicemail',
      'no_answer',
    ),
    total_calls_scheduled: of(
      'pending',
      'dispatched',
      'initiated',
      'in_progress',
      'completed',
      'failed',
      'voicemail',
      'no_answer',
      'cancelled',
    ),
    total_calls_finished: of('completed', 'failed', 'voicemail', 'no_answer'),
    last_updated_at_unix: unix(row.updated_at),
    status: publicStatus(row.status),
    retry_count: row.retry_count,
    telephony_call_config: {},
    target_concurrency_limit: row.concurrency,
    progress_percent: row.progress,
  }
}

function recipientView(r: RecipientRow) {
  return {
    id: r.id,
    phone_number: r.phone_number,
    status: r.status,
    created_at_unix: unix(r.created_at),
    updated_at_unix: unix(r.updated_at),
    conversation_initiation_client_data: r.client_data ?? undefined,
    call_sid: r.call_sid ?? undefined,
    conversation_id: r.conversation_id ?? undefined,
    error: r.error ?? undefined,
  }
}

async function rowOf(deps: TelephonyDeps, principal: Principal, id: string) {
  const row = await deps.batches.find(principal.workspaceId, id)
  if (!row) throw new AppError('batch_call_not_found')
  return row
}

export async function getBatch(deps: TelephonyDeps, principal: Principal, id: string) {
  const row = await rowOf(deps, principal, id)
  return {
    ...(await batchView(deps, row)),
    recipients: (await deps.batches.recipients(id)).map(recipientView),
  }
}

export async function listBatches(
  deps: TelephonyDeps,
  principal: Principal,
  query: { limit: number; last_doc?: string | undefined; agent_id?: string | undefined },
) {
  const offset = query.last_doc ? Number.parseInt(query.last_doc, 10) || 0 : 0
  const rows = await deps.batches.list(principal.workspaceId, {
    agentId: query.agent_id,
    offset,
    limit: query.limit + 1,
  })
  const hasMore = rows.length > query.limit
  return {
    batch_calls: await Promise.all(rows.slice(0, query.limit).map((row) => batchView(deps, row))),
    next_doc: hasMore ? String(offset + query.limit) : null,
    has_more: hasMore,
  }
}

export async function cancelBatch(deps: TelephonyDeps, principal: Principal, id: string) {
  await rowOf(deps, principal, id)
  if (!(await deps.batches.cancel(principal.workspaceId, id))) throw new AppError('batch_cancel_not_allowed')
  return batchView(deps, await rowOf(deps, principal, id))
}

export async function retryBatch(deps: TelephonyDeps, principal: Principal, id: string) {
  await rowOf(deps, principal, id)
  const count = await deps.batches.retry(principal.workspaceId, id, BATCH_RETRYABLE_STATUSES, enqueue(deps))
  if (count === 'running') throw new AppError('batch_retry_not_allowed')
  if (count === 0) throw new AppError('batch_nothing_to_retry')
  return batchView(deps, await rowOf(deps, principal, id))
}
