import { BUILT_IN_LLM_ID } from '@timbre/contract'
import { isObject, type JsonObject, pathOf } from '../agent-config.js'
import type { ConversationRow } from '../conversations/conversations.repository.js'
import {
  type ConversationAnalysis,
  type Criterion,
  type DataItem,
  type Finished,
  type Judge,
  type Line,
  outcomeOf,
} from './analysis-types.js'
import { writtenRules } from './written-rules.js'

/** The agent's evaluation criteria (`platform_settings.evaluation.criteria`). */
export function criteriaOf(platformSettings: JsonObject): Criterion[] {
  const list = pathOf(platformSettings, 'evaluation', 'criteria')
  if (!Array.isArray(list)) return []
  return list.filter(isObject).map((c, index) => ({
    id: typeof c.id === 'string' && c.id ? c.id : `criterion_${index + 1}`,
    name: typeof c.name === 'string' ? c.name : String(c.id ?? ''),
    goal: String(c.conversation_goal_prompt ?? ''),
  }))
}

/** The agent's data collection items (`platform_settings.data_collection`). */
export function itemsOf(platformSettings: JsonObject): DataItem[] {
  const map = pathOf(platformSettings, 'data_collection')
  if (!isObject(map)) return []
  return Object.entries(map)
    .filter((entry): entry is [string, JsonObject] => isObject(entry[1]))
    .map(([id, schema]) => ({ id, schema }))
}

/** Whether the agent's model judges (a language model), or the written rules (built-in engine). */
export function judgedByModel(conversationConfig: JsonObject): boolean {
  return String(pathOf(conversationConfig, 'agent', 'prompt', 'llm') ?? BUILT_IN_LLM_ID) !== BUILT_IN_LLM_ID
}

function linesOf(transcript: unknown[]): Line[] {
  return transcript.filter(isObject).map((entry) => ({
    role: entry.role === 'user' ? 'user' : 'agent',
    text: typeof entry.message === 'string' ? entry.message : '',
    tools: Array.isArray(entry.tool_calls)
      ? entry.tool_calls.filter(isObject).map((call) => String(call.tool_name ?? ''))
      : [],
  }))
}

export function finishedOf(agentName: string, row: ConversationRow): Finished {
  const seconds = row.metadata.call_duration_secs
  return {
    agentName,
    lines: linesOf(row.transcript),
    seconds: typeof seconds === 'number' ? seconds : 0,
    failed: row.status === 'failed',
  }
}

/** The whole analysis: every criterion judged, every item extracted, a summary, the outcome. */
export async function analyse(
  judge: Judge,
  finished: Finished,
  criteria: Criterion[],
  items: DataItem[],
): Promise<ConversationAnalysis> {
  const results = []
  for (const criterion of criteria) results.push(await judge.criterion(finished, criterion))
  const collected: ConversationAnalysis['data_collection_results'] = {}
  for (const item of items) collected[item.id] = await judge.item(finished, item)
  const hasWords = finished.lines.some((l) => l.role === 'user' && l.text)
  return {
    call_successful: outcomeOf(results, finished.failed) ?? (await judge.overall(finished)),
    // A call the user never spoke in is summarised by the written rules: nothing to ask a model.
    transcript_summary: await (hasWords ? judge : writtenRules).summary(finished),
    evaluation_criteria_results: Object.fromEntries(results.map((r) => [r.criteria_id, r])),
    data_collection_results: collected,
  }
}
