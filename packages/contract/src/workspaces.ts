// Workspace administration: roles, member states, seats, invites, groups and their permissions,
// resource sharing and service accounts, in one typed place for the server and the web app.

import type { ApiKeyScope } from './api-keys.js'
import type { Tier } from './plans.js'

/** Roles in a workspace. The owner is an admin who cannot be removed, locked or demoted. */
export const WORKSPACE_ROLES = ['owner', 'admin', 'member'] as const
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number]

/** The seat types of the public API; a lite seat is a member seat here. */
export const SEAT_TYPES = ['workspace_admin', 'workspace_member', 'workspace_lite_member'] as const
export type SeatType = (typeof SEAT_TYPES)[number]

export function roleOfSeatType(seat: SeatType): 'admin' | 'member' {
  return seat === 'workspace_admin' ? 'admin' : 'member'
}

/**
 * Member states. `disabled` is set by the workspace's identity provider: admins can neither
 * enable nor delete such an account. `locked` is an admin's lock, undone by re-enabling.
 * Invited members hold a seat from the invite on.
 */
export const MEMBER_STATES = ['enabled', 'disabled', 'locked'] as const
export type MemberState = (typeof MEMBER_STATES)[number]

/** Bulk invites are for enterprise workspaces (trial counts as enterprise). */
export const BULK_INVITE_TIERS: readonly Tier[] = ['enterprise', 'trial']
export const BULK_INVITE_MAX_EMAILS = 100
/** Bulk invite text: addresses separated by spaces, commas or newlines. */
export const BULK_INVITE_SEPARATORS = /[\s,]+/
/** How long an invite code can be accepted. */
export const INVITE_TTL_SECONDS = 7 * 24 * 60 * 60

/** Transferring ownership needs the confirmation checkbox and this sentence typed exactly. */
export const OWNERSHIP_TRANSFER_SENTENCE = 'I want to transfer ownership of this workspace'

/** Access to each product, granted per group (all of them by default). */
export const PRODUCT_PERMISSIONS = [
  'text_to_speech',
  'speech_to_speech',
  'voice_lab',
  'sound_effects',
  'projects',
  'voiceover_studio',
  'dubbing',
  'audio_native',
  'conversational_ai',
  'speech_to_text',
  'voice_isolator',
  'ai_speech_classifier',
  'music',
] as const

/** Features that can be guarded per group. */
export const FEATURE_PERMISSIONS = [
  'add_voice_from_voice_library',
  'create_instant_voice_clone',
  'create_professional_voice_clone',
  'create_user_api_key',
  'publish_studio_project',
] as const

export const GROUP_PERMISSIONS = [...PRODUCT_PERMISSIONS, ...FEATURE_PERMISSIONS] as const
export type GroupPermission = (typeof GROUP_PERMISSIONS)[number]

export const EVERYONE_GROUP_NAME = 'Everyone'
export const GROUP_NAME_MAX = 100

/**
 * The product behind each API endpoint group: a member whose groups do not grant the product
 * is refused every call of that group. Voices, history, models, user and workspace calls are
 * needed by everyone and are not products.
 */
export const SCOPE_PRODUCT: Partial<Record<ApiKeyScope, GroupPermission>> = {
  'text-to-speech': 'text_to_speech',
  'speech-to-speech': 'speech_to_speech',
  'speech-to-text': 'speech_to_text',
  'sound-generation': 'sound_effects',
  'audio-isolation': 'voice_isolator',
  dubbing: 'dubbing',
  convai: 'conversational_ai',
  projects: 'projects',
  'audio-native': 'audio_native',
  'voice-generation': 'voice_lab',
  music: 'music',
}

/** Resource roles on shared resources, strongest first. */
export const RESOURCE_ROLES = ['admin', 'editor', 'commenter', 'viewer'] as const
export type ResourceRole = (typeof RESOURCE_ROLES)[number]
/** The roles that may change or delete a shared resource. */
export const RESOURCE_EDIT_ROLES: readonly ResourceRole[] = ['admin', 'editor']
/**
 * The resource types that can be shared so far, named as the public API names them (`project`
 * is a Studio project). A member sees every resource of the workspace; changing or deleting one
 * needs the editor role (or admin) on it.
 */
export const SHAREABLE_RESOURCE_TYPES = ['voice', 'pronunciation_dictionary', 'project'] as const
export type ShareableResourceType = (typeof SHAREABLE_RESOURCE_TYPES)[number]
/** The group id that stands for every member of the workspace (the resource's baseline role). */
export const DEFAULT_SHARE_GROUP_ID = 'default'

/** Workspace secrets: names and values as the public API limits them. */
export const SECRET_NAME_MAX = 200
export const SECRET_VALUE_MAX = 10_000

/** Service accounts own API keys; paid tiers only, at most this many (more through sales). */
export const SERVICE_ACCOUNT_LIMIT = 20
