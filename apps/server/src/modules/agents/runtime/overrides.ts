import { AppError } from '../../../errors.js'
import { isObject, type JsonObject, mergeConfig, pathOf } from '../agent-config.js'

/**
 * The client's conversation_config_override applied to the agent's configuration. Each field
 * may be overridden only where the agent's platform_settings.overrides allow it; anything else
 * is refused, so a web page cannot rewrite an agent its owner locked.
 */
export function applyOverrides(
  config: JsonObject,
  settings: JsonObject,
  override: JsonObject | null | undefined,
): JsonObject {
  if (!override || Object.keys(override).length === 0) return config
  const allowed = pathOf(settings, 'overrides', 'conversation_config_override')
  const check = (node: unknown, rules: unknown, path: string[]) => {
    if (!isObject(node)) return
    for (const [key, value] of Object.entries(node)) {
      if (value === undefined || value === null) continue
      const rule = isObject(rules) ? rules[key] : undefined
      if (rule === true) continue
      if (isObject(value) && isObject(rule)) {
        check(value, rule, [...path, key])
        continue
      }
      throw new AppError('agent_config_invalid', {
        message: `Override for field '${[...path, key].join('.')}' is not allowed by config.`,
        param: 'conversation_config_override',
      })
    }
  }
  check(override, allowed, [])
  return mergeConfig(config, override)
}
