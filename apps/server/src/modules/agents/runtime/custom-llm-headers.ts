import { isObject, type JsonObject } from '../agent-config.js'
import { fillVariables } from './dynamic-variables.js'

/** A workspace secret's value, unsealed for one outbound request; null when it is gone. */
export type SecretValue = (workspaceId: string, secretId: string) => Promise<string | null>

/**
 * The headers of a request to an agent's own language model: its `request_headers` (plain
 * values with `{{variables}}` filled in, secrets and dynamic variables by reference) and its
 * `api_key` secret as a Bearer token. Values never leave the server except to that endpoint.
 */
export async function customLlmHeaders(
  custom: JsonObject,
  workspaceId: string,
  variables: Record<string, unknown>,
  secretValue: SecretValue,
): Promise<{ headers: Record<string, string>; apiKey: string | null }> {
  const headers: Record<string, string> = {}
  const configured = isObject(custom.request_headers) ? custom.request_headers : {}
  for (const [name, value] of Object.entries(configured)) {
    let resolved: string | null = null
    if (typeof value === 'string') resolved = fillVariables(value, variables, true)
    else if (isObject(value) && typeof value.secret_id === 'string')
      resolved = await secretValue(workspaceId, value.secret_id)
    else if (isObject(value) && typeof value.variable_name === 'string') {
      const variable = variables[value.variable_name]
      resolved = variable === undefined || variable === null ? null : String(variable)
    }
    if (resolved !== null) headers[name] = resolved
  }
  const key = custom.api_key
  const apiKey =
    isObject(key) && typeof key.secret_id === 'string' ? await secretValue(workspaceId, key.secret_id) : null
  return { headers, apiKey }
}
