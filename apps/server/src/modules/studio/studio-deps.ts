import type { FileStorage } from '../../lib/storage.js'
import type { OutboundPolicy } from '../../platform/outbound/outbound.js'
import type { Workspace } from './project-rules.js'
import type { StudioRepository } from './studio.repository.js'

// Studio projects and chapters of a workspace: creation from a document or content, metadata,
// and chapter edits with version checks. Every project is looked up within the caller's
// workspace, so another workspace's project is simply not found.

export interface StudioDeps {
  repository: StudioRepository
  /** Whether a voice may be used by this workspace (premade, neural or its own). */
  voiceUsable(workspaceId: string, voiceId: string): Promise<boolean>
  modelExists(modelId: string): boolean
  defaults: { voiceId: string; modelId: string }
  /** The blocks of a chapter that have audio, and their locks. */
  blockAudio(chapterId: string): Promise<Array<{ block_id: string; locked: boolean }>>
  /** Per-project roles from resource sharing: changing a project needs the editor role on it. */
  access?: StudioAccess | undefined
  /** Where cover images are kept. */
  storage: FileStorage
  /** Where `from_url` may fetch pages: HTTPS only, private addresses only if the operator allows. */
  outbound: OutboundPolicy
  /** Checks a `callback_url` under the webhooks' outbound rules (absent: refused). */
  checkCallbackUrl?: ((url: string, param: string) => Promise<void>) | undefined
  /** The stored files made from a project (its publication, its exports), deleted with it. */
  derivedFiles?: (projectId: string) => Promise<string[]>
}

export interface StudioAccess {
  requireEditor(workspace: Workspace, project: { id: string; createdBy: string }): Promise<void>
  created(workspace: Workspace, projectId: string): Promise<void>
  deleted(workspaceId: string, projectId: string): Promise<void>
}
