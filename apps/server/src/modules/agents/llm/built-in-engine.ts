import { BUILT_IN_NO_ANSWER } from '@timbre/contract'
import type { RetrievedPassage } from '../ports.js'

// The built-in engine: no language model, so it never invents an answer. It calls a tool whose
// trigger phrase the caller said, answers with the sentences of the best knowledge-base passage
// that share the question's words, and says plainly that it does not know otherwise.

export interface EngineTool {
  name: string
  type: string
  description: string
  /** Phrases that call the tool when the caller says them. */
  triggerPhrases: string[]
  parameters: Record<string, unknown> | null
}

export type BuiltInReply =
  | { kind: 'tool'; tool: EngineTool; arguments: Record<string, unknown> }
  | { kind: 'answer'; text: string; passage: RetrievedPassage | null }

/** Phrases that end the call when the agent has the end_call system tool. */
const END_CALL_PHRASES = ['goodbye', 'bye', 'end the call', 'hang up', "that's all", 'that is all']

const STOP_WORDS = new Set(
  'a an and are as at be by can could do does for from have how i in is it me my of on or please tell the to what when where which who why will with you your'.split(
    ' ',
  ),
)

export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).filter((w) => !STOP_WORDS.has(w))
}

function normalised(text: string): string {
  return ` ${(text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []).join(' ')} `
}

/** A tool's phrases: its own trigger phrases, its name read as words, and end_call's farewells. */
export function triggerPhrasesOf(name: string, type: string, configured: unknown): string[] {
  const phrases = Array.isArray(configured)
    ? configured.filter((p): p is string => typeof p === 'string')
    : []
  phrases.push(name.replace(/[_-]+/g, ' '))
  if (type === 'system' && name === 'end_call') phrases.push(...END_CALL_PHRASES)
  return phrases.map((p) => p.trim().toLowerCase()).filter(Boolean)
}

function matchingTool(text: string, tools: EngineTool[]): EngineTool | undefined {
  const said = normalised(text)
  return tools.find((tool) => tool.triggerPhrases.some((phrase) => said.includes(normalised(phrase))))
}

/** The sentences of a passage that share most words with the question, in their order. */
function bestSentences(passage: string, question: string): string {
  const asked = new Set(words(question))
  const sentences = passage
    .match(/[^.!?\n]+[.!?]?/g)
    ?.map((s) => s.trim())
    .filter(Boolean) ?? [passage]
  const scored = sentences.map((sentence, index) => ({
    sentence,
    index,
    score: words(sentence).filter((w) => asked.has(w)).length,
  }))
  const best = Math.max(...scored.map((s) => s.score))
  if (best <= 0) return sentences.slice(0, 2).join(' ')
  const chosen = scored.filter((s) => s.score > 0 && s.score >= best / 2).slice(0, 3)
  return chosen
    .sort((a, b) => a.index - b.index)
    .map((s) => s.sentence)
    .join(' ')
}

/** Arguments a tool can be given without a model: the caller's words for a text parameter. */
function argumentsFor(tool: EngineTool, text: string): Record<string, unknown> {
  const properties = tool.parameters?.properties
  if (!properties || typeof properties !== 'object') return {}
  const args: Record<string, unknown> = {}
  for (const [name, schema] of Object.entries(properties as Record<string, { type?: string }>))
    if (schema?.type === 'string' && /query|text|question|message/.test(name)) args[name] = text
  return args
}

export function builtInReply(input: {
  text: string
  passages: RetrievedPassage[]
  tools: EngineTool[]
}): BuiltInReply {
  const tool = matchingTool(input.text, input.tools)
  if (tool) return { kind: 'tool', tool, arguments: argumentsFor(tool, input.text) }
  const passage = input.passages[0]
  const asked = new Set(words(input.text))
  if (!passage || asked.size === 0 || !words(passage.text).some((w) => asked.has(w)))
    return { kind: 'answer', text: BUILT_IN_NO_ANSWER, passage: null }
  return { kind: 'answer', text: bestSentences(passage.text, input.text), passage }
}
