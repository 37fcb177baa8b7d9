// Error codes of workspaces: members, invites, groups, sharing, service accounts.
export const WORKSPACES_ERRORS = {
  does_not_have_required_permissions: {
    status: 401,
    message: 'You do not have the permissions needed for this page. Ask a workspace admin for access.',
  },
  workspace_admin_required: { status: 403, message: 'Only workspace admins can do this.' },
  workspace_owner_required: { status: 403, message: 'Only the workspace owner can do this.' },
  product_access_denied: {
    status: 403,
    message: 'Your workspace groups do not give you access to this product. Ask a workspace admin.',
  },
  workspace_not_found: { status: 404, message: 'You are not a member of this workspace.' },
  member_not_found: { status: 404, message: 'No member of this workspace has this email.' },
  member_locked: { status: 403, message: 'Your account has been locked by a workspace admin.' },
  already_member: { status: 409, message: 'This user is already a member of the workspace.' },
  seat_limit_reached: {
    status: 403,
    message:
      'All seats of this workspace are taken. Remove a member or an invite, or upgrade the plan for more seats.',
  },
  owner_cannot_be_changed: {
    status: 403,
    message: 'The workspace owner cannot be removed, locked or demoted. Transfer the ownership first.',
  },
  member_disabled_by_identity_provider: {
    status: 403,
    message: 'This account was disabled by the identity provider: admins cannot enable or delete it.',
  },
  ownership_confirmation_required: {
    status: 422,
    message: 'Tick the confirmation box and type the confirmation sentence exactly to transfer ownership.',
  },
  bulk_invites_enterprise_only: {
    status: 403,
    message: 'Bulk invites are only available for enterprise workspaces.',
  },
  no_valid_bulk_invite_emails: { status: 422, message: 'No valid email addresses found for bulk invites.' },
  invite_not_found: { status: 404, message: 'This invite does not exist or is no longer valid.' },
  invite_expired: { status: 410, message: 'This invite has expired. Ask a workspace admin for a new one.' },
  invite_email_mismatch: {
    status: 403,
    message: 'This invite was sent to another email address. Sign in with the invited address to accept it.',
  },
  group_not_found: { status: 404, message: 'Group not found.' },
  group_name_empty: { status: 422, message: 'Group name cannot be empty.' },
  group_name_taken: { status: 409, message: 'A group with this name already exists.' },
  everyone_group_protected: {
    status: 403,
    message: 'The Everyone group cannot be renamed or deleted, and its members are all members.',
  },
  disable_in_everyone_group_first: {
    status: 409,
    message: 'Any feature must be disabled in the Everyone group first.',
  },
  resource_not_found: { status: 404, message: 'Resource not found.' },
  secret_not_found: { status: 404, message: 'Secret not found.' },
  secret_name_taken: { status: 409, message: 'A secret with this name already exists in the workspace.' },
  resource_edit_not_allowed: {
    status: 403,
    message: 'You have view access to this resource; changing or deleting it needs editor access.',
  },
  resource_sharing_not_allowed: {
    status: 403,
    message: 'Sharing of this resource is limited to workspace admins and its admins.',
  },
  invalid_share_target: {
    status: 422,
    message: 'Name exactly one of user_email, group_id or workspace_api_key_id.',
  },
  service_accounts_paid_only: { status: 403, message: 'Service accounts need a paid plan.' },
  service_account_limit_reached: {
    status: 409,
    message: 'A workspace can have at most 20 service accounts. Contact sales for more.',
  },
  service_account_not_found: { status: 404, message: 'Service account not found.' },
  service_account_has_keys: {
    status: 409,
    message: 'Delete all API keys of this service account before deleting it.',
  },
} as const
