import { randomBytes } from 'node:crypto'
import { AppError } from '../../errors.js'
import type { FileStorage } from '../../lib/storage.js'
import { buildFeedback, isReviewed, reviewedError } from './feedback.rules.js'
import type { HistoryRepository } from './history.repository.js'
import type { FeedbackBody, HistoryItemView, HistoryListQueryInput, HistoryPage } from './history.schemas.js'
import type { HistoryItemRow } from './history.tables.js'
import { readFeedback, toHistoryItemView, unixSeconds } from './history.view.js'

// Speech history. Every call is scoped to the caller's workspace: another workspace's item
// is "not found" (404, never 403), so ids cannot be probed.

export interface Caller {
  workspaceId: string
}

export interface HistoryServiceDeps {
  repository: HistoryRepository
  storage: FileStorage
  publicUrl: string
  /** Where a failure to remove stored audio after a delete is reported. */
  warn(message: string, details: Record<string, unknown>): void
}

export interface StoredAudio {
  item: HistoryItemRow
  bytes: Uint8Array
}

/** Shown as the sharer when the creator has not set a first name. */
export const ANONYMOUS_PUBLIC_NAME = 'Anonymous'
const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/

/** 192 random bits, URL-safe: a share link cannot be guessed. */
export function newShareToken(): string {
  return randomBytes(24).toString('base64url')
}

export function notFound(id: string): AppError {
  return new AppError('history_item_not_found', { message: `History item '${id}' not found.` })
}

export function createHistoryService(deps: HistoryServiceDeps) {
  const { repository, storage } = deps

  async function findOrThrow(caller: Caller, id: string): Promise<HistoryItemRow> {
    const row = await repository.find(caller.workspaceId, id)
    if (!row) throw notFound(id)
    return row
  }

  async function readAudio(item: HistoryItemRow): Promise<StoredAudio> {
    const bytes = await storage.get(item.storage_key)
    if (!bytes)
      throw new AppError('history_audio_missing', {
        message: `The audio of '${item.id}' is no longer stored.`,
      })
    return { item, bytes }
  }

  return {
    /** `GET /v1/history`: newest first by default, keyset pagination on (created_at, id). */
    async list(caller: Caller, query: HistoryListQueryInput): Promise<HistoryPage> {
      let after: Awaited<ReturnType<HistoryRepository['cursorOf']>>
      if (query.start_after_history_item_id !== undefined) {
        after = await repository.cursorOf(caller.workspaceId, query.start_after_history_item_id)
        if (!after) throw new AppError('invalid_history_cursor', { param: 'start_after_history_item_id' })
      }
      const rows = await repository.list({
        workspaceId: caller.workspaceId,
        limit: query.page_size,
        direction: query.sort_direction,
        after,
        voiceId: query.voice_id,
        modelId: query.model_id,
        source: query.source,
        search: query.search,
        dateAfterUnix: query.date_after_unix,
        dateBeforeUnix: query.date_before_unix,
      })
      const page = rows.slice(0, query.page_size)
      const last = page.at(-1)
      return {
        history: page.map(toHistoryItemView),
        has_more: rows.length > query.page_size,
        last_history_item_id: last?.id ?? null,
        scanned_until: last ? unixSeconds(last.created_at) : null,
      }
    },

    async get(caller: Caller, id: string): Promise<HistoryItemView> {
      return toHistoryItemView(await findOrThrow(caller, id))
    },

    /** Removes the item and its stored audio. */
    async remove(caller: Caller, id: string): Promise<void> {
      const removed = await repository.remove(caller.workspaceId, id)
      if (!removed) throw notFound(id)
      try {
        await storage.delete(removed.storage_key)
      } catch (error) {
        // The row is gone, so nobody can reach the file any more; it only costs disk.
        deps.warn('history audio left in storage after delete', { key: removed.storage_key, error })
      }
    },

    async audio(caller: Caller, id: string): Promise<StoredAudio> {
      return readAudio(await findOrThrow(caller, id))
    },

    /** `POST /v1/history/{id}/feedback` (rules in feedback.rules.ts). */
    async setFeedback(caller: Caller, id: string, body: FeedbackBody): Promise<HistoryItemView> {
      const feedback = buildFeedback(body)
      const current = await findOrThrow(caller, id)
      if (isReviewed(readFeedback(current.feedback))) throw reviewedError()
      const updated = await repository.setFeedbackUnlessReviewed(caller.workspaceId, id, feedback)
      if (updated) return toHistoryItemView(updated)
      // Deleted or reviewed between the read and the write.
      await findOrThrow(caller, id)
      throw reviewedError()
    },

    /** `GET /v1/history/{id}/share-link`: one unguessable token per item, made on first use. */
    async shareLink(
      caller: Caller,
      id: string,
      origin = deps.publicUrl,
    ): Promise<{ share_link: string; public_user_name: string }> {
      const item = await findOrThrow(caller, id)
      const token =
        item.share_token ?? (await repository.ensureShareToken(caller.workspaceId, id, newShareToken()))
      if (!token) throw notFound(id)
      const name = await repository.creatorFirstName(item.user_id)
      return {
        share_link: `${origin}/share/${token}`,
        public_user_name: name ?? ANONYMOUS_PUBLIC_NAME,
      }
    },

    /** The item behind a share token, for the public page; null for unknown or malformed tokens. */
    async sharedItem(token: string): Promise<{ item: HistoryItemRow; sharedBy: string } | null> {
      if (!SHARE_TOKEN_PATTERN.test(token)) return null
      const item = await repository.findByShareToken(token)
      if (!item) return null
      const name = await repository.creatorFirstName(item.user_id)
      return { item, sharedBy: name ?? ANONYMOUS_PUBLIC_NAME }
    },

    async sharedAudio(token: string): Promise<StoredAudio> {
      const shared = SHARE_TOKEN_PATTERN.test(token) ? await repository.findByShareToken(token) : undefined
      if (!shared) throw new AppError('share_link_not_found')
      return readAudio(shared)
    },
  }
}

export type HistoryService = ReturnType<typeof createHistoryService>
