import { SECRET_VARIABLE_PREFIX } from '@timbre/contract'

/** The system variables every conversation has, named as the public API names them. */
export function systemVariables(input: { agentId: string; conversationId: string; timezone: string | null }) {
  const now = new Date()
  return {
    system__agent_id: input.agentId,
    system__conversation_id: input.conversationId,
    system__time_utc: now.toISOString(),
    system__time: now.toLocaleString('en-US', { timeZone: input.timezone ?? 'UTC' }),
    system__timezone: input.timezone ?? 'UTC',
    system__caller_id: '',
    system__called_number: '',
  }
}

/**
 * {{name}} replaced by the variable's value. Secret variables are never put into text the
 * model reads or the caller hears; only tool headers receive them (withSecrets).
 */
export function fillVariables(text: string, variables: Record<string, unknown>, withSecrets = false): string {
  return text.replace(/{{\s*([a-zA-Z0-9_]+)\s*}}/g, (whole, name: string) => {
    if (name.startsWith(SECRET_VARIABLE_PREFIX) && !withSecrets) return whole
    const value = variables[name]
    return value === undefined || value === null ? whole : String(value)
  })
}
