import { isObject } from '../agent-config.js'
import type { AgentRow } from '../agents.repository.js'

/** A phone line carries 8 kHz μ-law both ways, whatever formats the agent uses on the web. */
export const TELEPHONY_AUDIO_FORMAT = 'ulaw_8000'

/** The agent as a phone call runs it: its configuration with the telephony audio formats. */
export function onThePhone(agent: AgentRow): AgentRow {
  const config = agent.conversation_config
  const section = (name: string) => (isObject(config[name]) ? (config[name] as Record<string, unknown>) : {})
  return {
    ...agent,
    conversation_config: {
      ...config,
      asr: { ...section('asr'), user_input_audio_format: TELEPHONY_AUDIO_FORMAT },
      tts: { ...section('tts'), agent_output_audio_format: TELEPHONY_AUDIO_FORMAT },
    },
  }
}
