import { isObject, type JsonObject, pathOf } from '../agent-config.js'
import type { AgentTool } from './agent-tools.js'
import type { ToolOutcome } from './agent-turn.js'
import { fillVariables } from './dynamic-variables.js'

// The system tools beyond end_call, as a live conversation runs them. Each one the model calls
// either acts on the conversation (switches its language, hands it to another agent, plays keypad
// tones on a phone line, leaves a voicemail) or answers with an error the model can read and say,
// when it cannot apply here (a keypad tone or a transfer to a number outside a phone call).

const reason = { type: 'string', description: 'Why the tool is called.' }

/** The arguments the model gives each system tool, as the public API's system tools take them. */
export const SYSTEM_TOOL_PARAMETERS: Record<string, Record<string, unknown>> = {
  language_detection: {
    type: 'object',
    properties: { language: { type: 'string', description: 'The language code to switch to.' }, reason },
    required: ['language'],
  },
  transfer_to_agent: {
    type: 'object',
    properties: {
      agent_number: { type: 'integer', description: 'The index of the transfer rule to follow.' },
      reason,
    },
    required: ['agent_number'],
  },
  transfer_to_number: {
    type: 'object',
    properties: {
      transfer_number: { type: 'string', description: 'The phone number to transfer the call to.' },
      client_message: { type: 'string', description: 'What to tell the caller while they wait.' },
      reason,
    },
    required: ['transfer_number'],
  },
  skip_turn: { type: 'object', properties: { reason }, required: [] },
  play_keypad_touch_tone: {
    type: 'object',
    properties: { dtmf_tones: { type: 'string', description: 'Keys to press: 0-9, * and #.' }, reason },
    required: ['dtmf_tones'],
  },
  voicemail_detection: { type: 'object', properties: { reason }, required: [] },
}

/** What a system tool may do to the conversation it is called in. */
export interface SystemToolContext {
  /** The call is a phone call (keypad tones and number transfers apply only there). */
  phone: boolean
  config: JsonObject
  variables: Record<string, unknown>
  switchLanguage(language: string): Promise<void>
  /** Hands the conversation to another agent of the workspace; false when it is not there. */
  transferToAgent(agentId: string, transfer: JsonObject): Promise<boolean>
  playTones(tones: string): Promise<void>
  say(text: string): Promise<void>
}

const fail = (result: string): ToolOutcome => ({ result, isError: true })

/** The languages an agent speaks: its own and those it has presets for. */
export function languagesOf(config: JsonObject): string[] {
  const own = pathOf(config, 'agent', 'language')
  const presets = pathOf(config, 'language_presets')
  return [typeof own === 'string' ? own : 'en', ...(isObject(presets) ? Object.keys(presets) : [])]
}

function transfersOf(tool: AgentTool): JsonObject[] {
  const transfers = pathOf(tool.config, 'params', 'transfers') ?? tool.config.transfers
  return Array.isArray(transfers) ? transfers.filter(isObject) : []
}

export async function runSystemTool(
  ctx: SystemToolContext,
  tool: AgentTool,
  args: Record<string, unknown>,
): Promise<ToolOutcome> {
  switch (tool.name) {
    case 'end_call':
      return { result: 'Goodbye.', isError: false, ends: true }
    case 'skip_turn':
      return { result: 'The agent waits for the user.', isError: false, skips: true }
    case 'language_detection': {
      const language = String(args.language ?? '').trim()
      const languages = languagesOf(ctx.config)
      if (!languages.includes(language))
        return fail(`This agent does not speak "${language}"; it speaks ${languages.join(', ')}.`)
      await ctx.switchLanguage(language)
      return { result: `The conversation is now in ${language}; answer in it.`, isError: false }
    }
    case 'transfer_to_agent': {
      const index = Number(args.agent_number ?? 0)
      const transfer = transfersOf(tool)[Number.isInteger(index) ? index : -1]
      const agentId = transfer?.agent_id
      if (!transfer || typeof agentId !== 'string')
        return fail(`There is no transfer rule ${args.agent_number}.`)
      if (!(await ctx.transferToAgent(agentId, transfer)))
        return fail('The agent to transfer to does not exist any more.')
      return { result: `Transferred to agent ${agentId}.`, isError: false, skips: true }
    }
    case 'transfer_to_number': {
      if (!ctx.phone) return fail('A transfer to a phone number works only in a phone call.')
      return fail('This phone line cannot transfer calls to another number.')
    }
    case 'play_keypad_touch_tone': {
      if (!ctx.phone) return fail('Keypad tones can only be played in a phone call.')
      const tones = String(args.dtmf_tones ?? '')
      if (!/^[0-9*#A-Dw]+$/.test(tones)) return fail('Keypad tones are the keys 0-9, *, #, A-D (w pauses).')
      await ctx.playTones(tones)
      return { result: `Played ${tones}.`, isError: false }
    }
    case 'voicemail_detection': {
      const message = pathOf(tool.config, 'params', 'voicemail_message') ?? tool.config.voicemail_message
      if (typeof message === 'string' && message.trim())
        await ctx.say(fillVariables(message, ctx.variables).trim())
      return { result: 'Voicemail detected.', isError: false, ends: true, endReason: 'voicemail detected' }
    }
    default:
      return fail(`The system tool ${tool.name} is not available here.`)
  }
}

const DTMF: Record<string, [number, number]> = {
  '1': [697, 1209],
  '2': [697, 1336],
  '3': [697, 1477],
  A: [697, 1633],
  '4': [770, 1209],
  '5': [770, 1336],
  '6': [770, 1477],
  B: [770, 1633],
  '7': [852, 1209],
  '8': [852, 1336],
  '9': [852, 1477],
  C: [852, 1633],
  '*': [941, 1209],
  '0': [941, 1336],
  '#': [941, 1477],
  D: [941, 1633],
}

/** Keypad tones as audio: each key 100 ms of its two frequencies, 60 ms apart; `w` waits 500 ms. */
export function dtmfSamples(tones: string, sampleRate: number): Float32Array {
  const parts: Float32Array[] = []
  const gap = new Float32Array(Math.round(sampleRate * 0.06))
  for (const key of tones) {
    if (key === 'w') {
      parts.push(new Float32Array(Math.round(sampleRate * 0.5)))
      continue
    }
    const pair = DTMF[key]
    if (!pair) continue
    const tone = new Float32Array(Math.round(sampleRate * 0.1))
    for (let i = 0; i < tone.length; i++)
      tone[i] =
        0.35 * Math.sin((2 * Math.PI * pair[0] * i) / sampleRate) +
        0.35 * Math.sin((2 * Math.PI * pair[1] * i) / sampleRate)
    parts.push(tone, gap)
  }
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}
