import type { AgentTemplate } from '@timbre/contract'
import type { TFunction } from 'i18next'

/**
 * The new-agent wizard's starting points: a name, a first message and a system prompt, as
 * translation keys under agents.templates.<template>.
 */
export const TEMPLATE_ORDER: readonly AgentTemplate[] = ['support', 'receptionist', 'tutor', 'blank']

export function templateConfig(template: AgentTemplate, t: TFunction) {
  if (template === 'blank') return { name: t('agents.templates.blank.name'), conversation_config: {} }
  return {
    name: t(`agents.templates.${template}.name`),
    conversation_config: {
      agent: {
        first_message: t(`agents.templates.${template}.firstMessage`),
        prompt: { prompt: t(`agents.templates.${template}.prompt`) },
        built_in_tools: template === 'receptionist' ? { end_call: {} } : undefined,
      },
    },
  }
}
