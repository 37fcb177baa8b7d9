// The create/edit form of an API key, as plain data with its rules, so they are unit tested.
import type { ApiKey, CreateApiKeyRequest } from '../../lib/api-types'
import { API_KEY_SCOPES, type ApiKeyScope, isScope } from './scopes'

export type KeyFormValues = {
  name: string
  /** false: every scope (permissions null). */
  restricted: boolean
  scopes: ApiKeyScope[]
  /** The text of the credit limit field; empty means no limit. */
  creditLimit: string
}

export type KeyFormErrors = Partial<
  Record<'name' | 'scopes' | 'creditLimit', 'required' | 'pickOne' | 'invalid'>
>

export const MAX_KEY_NAME = 100

export const emptyKeyForm: KeyFormValues = { name: '', restricted: false, scopes: [], creditLimit: '' }

export function formFromKey(key: ApiKey): KeyFormValues {
  return {
    name: key.name,
    restricted: key.permissions !== null,
    scopes: (key.permissions ?? []).filter(isScope),
    creditLimit: key.character_limit === null ? '' : String(key.character_limit),
  }
}

/** Checks the form; returns the request body (permissions and limit null mean 'all' and 'none'). */
export function validateKeyForm(values: KeyFormValues): {
  errors: KeyFormErrors
  body: CreateApiKeyRequest | null
} {
  const errors: KeyFormErrors = {}
  const name = values.name.trim()
  // API key names are required.
  if (!name) errors.name = 'required'
  else if (name.length > MAX_KEY_NAME) errors.name = 'invalid'
  if (values.restricted && values.scopes.length === 0) errors.scopes = 'pickOne'

  const limitText = values.creditLimit.trim()
  let limit: number | null = null
  if (limitText) {
    limit = /^\d+$/.test(limitText) ? Number(limitText) : Number.NaN
    if (!Number.isSafeInteger(limit) || limit < 1) errors.creditLimit = 'invalid'
  }
  if (Object.keys(errors).length > 0) return { errors, body: null }
  // Keep the catalogue's scope order whatever order they were ticked in.
  const permissions = values.restricted ? API_KEY_SCOPES.filter((s) => values.scopes.includes(s)) : null
  return { errors, body: { name, permissions, character_limit: limit } }
}
