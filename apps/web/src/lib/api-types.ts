// Shapes of the server's JSON (snake_case, DESIGN.md section 5). These move to the client
// generated from packages/contract/openapi.json once the server publishes it.

export type ErrorDetail = {
  type?: string
  code?: string
  status?: string
  message?: string
  request_id?: string
  param?: string | null
}

export type ValidationIssue = { loc?: (string | number)[]; msg: string; type?: string }

export type ErrorBody = { detail?: ErrorDetail | ValidationIssue[] | string }

export type PublicConfig = {
  smtp_configured: boolean
  public_url: string
  locales: string[]
}

export type SignUpRequest = {
  email: string
  password: string
  first_name?: string
  invite_code?: string
  account_metadata?: { agrees_to_product_updates?: boolean }
  continue_url?: string
  lang?: string
}

export type SignUpResponse = { user_id: string; email: string }

export type SignInResponse = {
  access_token: string
  refresh_token: string
  expires_in: number
  token_type: 'bearer'
  user_id: string
}

export type CodeCheckResponse = { status: 'success'; email: string }

export type Subscription = {
  tier: string
  status: string
  character_count: number
  character_limit: number
}

export type User = {
  user_id: string
  workspace_id: string
  email: string
  first_name: string | null
  is_email_verified: boolean
  is_new_user: boolean
  created_at: string | number
  is_onboarding_completed: boolean
  is_onboarding_checklist_completed: boolean
  locale: string | null
  subscription: Subscription
}

export type ApiKey = {
  key_id: string
  name: string
  hint: string
  /** null means every scope. */
  permissions: string[] | null
  /** null means no credit limit. */
  character_limit: number | null
  character_count: number
  is_disabled: boolean
  created_at_unix: number
}

export type CreateApiKeyRequest = {
  name: string
  permissions?: string[] | null
  character_limit?: number | null
}

export type CreateApiKeyResponse = { api_key: string; key_id: string; hint: string }

export type UpdateApiKeyRequest = {
  name?: string
  is_disabled?: boolean
  permissions?: string[] | null
  character_limit?: number | null
}

export type MailboxMessage = {
  id: string
  to: string
  subject: string
  text: string
  html: string | null
  created_at_unix: number
}
