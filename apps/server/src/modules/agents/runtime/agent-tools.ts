import { SYSTEM_TOOL_NAMES } from '@timbre/contract'
import type { CheckedFetch } from '../../../platform/outbound/outbound.js'
import { isObject, type JsonObject, pathOf } from '../agent-config.js'
import { type EngineTool, triggerPhrasesOf } from '../llm/built-in-engine.js'
import type { ToolRow } from '../tools/tools.repository.js'
import { fillVariables } from './dynamic-variables.js'
import { SYSTEM_TOOL_PARAMETERS } from './system-tools.js'

// The tools of one agent, and how a webhook tool is called: path parameters put into the URL,
// query parameters into the query, the rest as the JSON body; headers may use secret variables.

export interface AgentTool extends EngineTool {
  id: string | null
  config: JsonObject
  timeoutMs: number
}

function parametersOf(config: JsonObject): Record<string, unknown> | null {
  if (config.type === 'client') return isObject(config.parameters) ? config.parameters : null
  if (config.type !== 'webhook') return null
  const schema = config.api_schema
  const properties: Record<string, unknown> = {}
  const required: string[] = []
  for (const key of ['path_params_schema'] as const) {
    const params = pathOf(schema, key)
    if (!isObject(params)) continue
    for (const [name, p] of Object.entries(params)) {
      properties[name] = p
      required.push(name)
    }
  }
  for (const key of ['query_params_schema', 'request_body_schema'] as const) {
    const part = pathOf(schema, key)
    const props = pathOf(part, 'properties')
    if (isObject(props)) Object.assign(properties, props)
    const needed = pathOf(part, 'required')
    if (Array.isArray(needed)) required.push(...needed.filter((n): n is string => typeof n === 'string'))
  }
  return { type: 'object', properties, required }
}

export function agentToolOf(row: ToolRow | { id: null; tool_config: JsonObject }): AgentTool {
  const config = row.tool_config
  const type = String(config.type)
  const name = String(config.name)
  const timeout = typeof config.response_timeout_secs === 'number' ? config.response_timeout_secs : 20
  return {
    id: row.id,
    name,
    type,
    description: typeof config.description === 'string' ? config.description : '',
    triggerPhrases: triggerPhrasesOf(name, type, config.trigger_phrases),
    parameters: parametersOf(config),
    config,
    timeoutMs: Math.min(120, Math.max(1, timeout)) * 1000,
  }
}

/** The system tools an agent turned on in its prompt (built_in_tools), as tools it can call. */
export function systemToolsOf(prompt: unknown): AgentTool[] {
  const builtIn = pathOf(prompt, 'built_in_tools')
  if (!isObject(builtIn)) return []
  return Object.entries(builtIn)
    .filter(([name, value]) => (SYSTEM_TOOL_NAMES as readonly string[]).includes(name) && isObject(value))
    .map(([name, value]) => {
      const tool = agentToolOf({
        id: null,
        tool_config: {
          description: `The ${name.replace(/_/g, ' ')} system tool.`,
          ...(value as JsonObject),
          type: 'system',
          name,
        },
      })
      return { ...tool, parameters: SYSTEM_TOOL_PARAMETERS[name] ?? null }
    })
}

/** Calls a webhook tool; its answer (text, JSON or the failure) goes back to the model. */
export async function callWebhook(
  checkedFetch: CheckedFetch,
  tool: AgentTool,
  args: Record<string, unknown>,
  variables: Record<string, unknown>,
): Promise<{ result: string; isError: boolean }> {
  const schema = tool.config.api_schema as JsonObject
  const pathParams = isObject(schema.path_params_schema) ? Object.keys(schema.path_params_schema) : []
  const queryProps = pathOf(schema.query_params_schema, 'properties')
  const queryParams = isObject(queryProps) ? Object.keys(queryProps) : []
  let url = String(schema.url)
  for (const name of pathParams) url = url.replace(`{${name}}`, encodeURIComponent(String(args[name] ?? '')))
  const target = new URL(url)
  for (const name of queryParams)
    if (args[name] !== undefined) target.searchParams.set(name, String(args[name]))
  const method = typeof schema.method === 'string' ? schema.method.toUpperCase() : 'GET'
  const body = Object.fromEntries(
    Object.entries(args).filter(([name]) => !pathParams.includes(name) && !queryParams.includes(name)),
  )
  const headers: Record<string, string> = { accept: 'application/json' }
  if (isObject(schema.request_headers))
    for (const [name, value] of Object.entries(schema.request_headers))
      if (typeof value === 'string') headers[name] = fillVariables(value, variables, true)
  const hasBody = !['GET', 'DELETE', 'HEAD'].includes(method)
  if (hasBody) headers['content-type'] = 'application/json'
  try {
    const response = await checkedFetch(target.toString(), {
      method,
      headers,
      ...(hasBody ? { body: JSON.stringify(body) } : {}),
    })
    const text = (await response.text()).slice(0, 20_000)
    return { result: text || `HTTP ${response.status}`, isError: !response.ok }
  } catch (error) {
    return {
      result: `The tool could not be reached: ${error instanceof Error ? error.message : 'error'}`,
      isError: true,
    }
  }
}
