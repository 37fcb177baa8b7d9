import { EMAIL_MAX_LENGTH, RESOURCE_ROLES, SHAREABLE_RESOURCE_TYPES } from '@timbre/contract'
import { z } from 'zod'

// Sharing is part of workspace administration in the public API: the same tag and key scope.
export const tags = ['workspace']
export const workspaceScope = { scope: 'workspace' as const }

const emailField = z.string().trim().min(1).max(EMAIL_MAX_LENGTH)
export const resourceType = z.enum(SHAREABLE_RESOURCE_TYPES)
export const resourceParams = z.object({ resource_id: z.string().min(1).max(64) })
export const shareTarget = {
  resource_type: resourceType,
  user_email: emailField.optional(),
  group_id: z.string().min(1).max(64).optional(),
  workspace_api_key_id: z.string().min(1).max(64).optional(),
}
export const shareBody = z.object({ role: z.enum(RESOURCE_ROLES), ...shareTarget })
export const unshareBody = z.object(shareTarget)
export const resourceMetadata = z.object({
  resource_id: z.string(),
  resource_name: z.string().optional(),
  resource_type: resourceType,
  creator_user_id: z.string().optional(),
  anonymous_access_level_override: z.enum(RESOURCE_ROLES).nullable(),
  role_to_group_ids: z.record(z.string(), z.array(z.string())),
  share_options: z.array(
    z.object({ name: z.string(), id: z.string(), type: z.enum(['user', 'group', 'key']) }),
  ),
})
