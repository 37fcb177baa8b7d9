import {
  EMAIL_MAX_LENGTH,
  GROUP_NAME_MAX,
  GROUP_PERMISSIONS,
  MEMBER_STATES,
  SEAT_TYPES,
  WORKSPACE_ROLES,
} from '@timbre/contract'
import { z } from 'zod'

export const tags = ['workspace']
/** Workspace administration may use API keys with the workspace scope. */
export const workspaceScope = { scope: 'workspace' as const }
export const status = z.object({ status: z.string() })

const emailField = z.string().trim().min(1).max(EMAIL_MAX_LENGTH)
export const seatType = z.enum(SEAT_TYPES)

export const member = z.object({
  user_id: z.string(),
  email: z.string(),
  first_name: z.string().optional(),
  seat_type: seatType,
  is_owner: z.boolean(),
  is_locked: z.boolean(),
  role: z.enum(WORKSPACE_ROLES),
  state: z.enum(MEMBER_STATES),
})

export const updateMemberBody = z.object({
  email: emailField,
  is_locked: z.boolean().optional(),
  workspace_role: seatType.optional(),
  workspace_seat_type: seatType.optional(),
  allow_downgrade_to_basic_seat: z.boolean().optional(),
})

export const emailBody = z.object({ email: emailField })

export const transferOwnershipBody = z.object({
  email: emailField,
  confirm: z.boolean(),
  confirmation_text: z.string().max(200),
})

export const workspaceSummary = z.object({
  workspace_id: z.string(),
  name: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  state: z.enum(MEMBER_STATES),
  is_current: z.boolean(),
})

const groupIds = z.array(z.string().min(1).max(64)).max(50)

export const inviteBody = z.object({
  email: z.email().max(EMAIL_MAX_LENGTH),
  workspace_permission: z.string().max(64).optional(),
  seat_type: seatType.optional(),
  group_ids: groupIds.optional(),
  usage_limit: z.number().int().min(0).nullable().optional(),
})

export const bulkInviteBody = z.object({
  emails: z.array(z.string().max(20_000)).min(1).max(1000),
  seat_type: seatType.optional(),
  group_ids: groupIds.optional(),
  usage_limit: z.number().int().min(0).nullable().optional(),
})

export const invite = z.object({
  email: z.string(),
  seat_type: seatType,
  group_ids: z.array(z.string()),
  created_at_unix: z.number(),
  expires_at_unix: z.number(),
  is_expired: z.boolean(),
})

export const inviteCode = z.object({ code: z.string().min(1).max(128) })

export const invitePreview = z.object({
  workspace_name: z.string(),
  inviter_name: z.string().nullable(),
  inviter_email: z.string().nullable(),
  email: z.string(),
  seat_type: z.enum(['workspace_admin', 'workspace_member']),
  expires_at_unix: z.number().int(),
  is_expired: z.boolean(),
  email_matches: z.boolean(),
})

export const acceptResponse = z.object({
  status: z.string(),
  workspace_id: z.string(),
  tokens: z
    .object({
      access_token: z.string(),
      refresh_token: z.string(),
      expires_in: z.number(),
      token_type: z.literal('bearer'),
    })
    .optional(),
})

const permission = z.enum(GROUP_PERMISSIONS)
const groupName = z.string().max(GROUP_NAME_MAX)

export const group = z.object({
  id: z.string(),
  name: z.string(),
  members: z.array(z.string()),
  permissions: z.array(permission),
  is_everyone: z.boolean(),
  /** Members get editor access to every resource created in the workspace from now on. */
  editor_access_to_new_resources: z.boolean(),
})
export const groupIdParams = z.object({ group_id: z.string().min(1).max(64) })
export const createGroupBody = z.object({
  name: groupName,
  permissions: z.array(permission).max(100).optional(),
  editor_access_to_new_resources: z.boolean().optional(),
})
export const updateGroupBody = z.object({
  name: groupName.optional(),
  permissions: z.array(permission).max(100).optional(),
  editor_access_to_new_resources: z.boolean().optional(),
})
