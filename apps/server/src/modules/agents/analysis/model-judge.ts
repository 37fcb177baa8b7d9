import { type JsonObject, mergeConfig } from '../agent-config.js'
import { type BrainDeps, createBrain } from '../runtime/agent-brain.js'
import type {
  Criterion,
  CriterionResult,
  DataCollectionResult,
  DataItem,
  EvaluationResult,
  Finished,
  Judge,
} from './analysis-types.js'

// Post-call analysis by the agent's own language model: one question per criterion, per data
// item and for the summary, each over the whole transcript, at temperature 0 and without tools
// or knowledge base. Answers are read leniently (first word, first JSON object).

const CRITERION_PROMPT =
  'You evaluate a finished conversation between an AI agent and a user against a goal. On the first line answer with one word: success (the goal was met), failure (it was not) or unknown (the transcript cannot tell). Then explain why in one sentence.'
const ITEM_PROMPT =
  'You extract one value from a finished conversation between an AI agent and a user. Answer only with a JSON object {"value": <the value, or null when the conversation does not contain it>, "rationale": "<one sentence>"}.'
const SUMMARY_PROMPT =
  'Summarise the finished conversation between an AI agent and a user in two or three sentences, in the third person. Answer with the summary only.'
const OVERALL_PROMPT =
  'Decide whether this conversation between an AI agent and a user was successful: did the agent help the user with what they wanted? Answer with one word: success, failure or unknown.'

function transcriptText(finished: Finished): string {
  return finished.lines
    .map((l) => {
      const tools = l.tools.length ? ` [called ${l.tools.join(', ')}]` : ''
      return `${l.role === 'user' ? 'User' : 'Agent'}: ${l.text}${tools}`
    })
    .join('\n')
}

function verdictOf(answer: string): EvaluationResult {
  const word = /[a-z]+/i.exec(answer)?.[0]?.toLowerCase()
  return word === 'success' || word === 'failure' ? word : 'unknown'
}

function jsonOf(answer: string): Record<string, unknown> | null {
  const start = answer.indexOf('{')
  const end = answer.lastIndexOf('}')
  if (start < 0 || end <= start) return null
  try {
    const parsed = JSON.parse(answer.slice(start, end + 1)) as unknown
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** A value as the item's schema types it; anything that does not fit is no value. */
function typed(value: unknown, schema: Record<string, unknown>): unknown {
  if (value === null || value === undefined) return null
  const type = schema.type
  if (type === 'boolean') {
    if (typeof value === 'boolean') return value
    return /^(true|yes)$/i.test(String(value)) ? true : /^(false|no)$/i.test(String(value)) ? false : null
  }
  if (type === 'number' || type === 'integer') {
    const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.'))
    if (!Number.isFinite(n)) return null
    return type === 'integer' ? Math.round(n) : n
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  const choices = Array.isArray(schema.enum) ? schema.enum.map(String) : null
  if (choices) return choices.find((c) => c.toLowerCase() === text.toLowerCase()) ?? null
  return text
}

export function modelJudge(deps: BrainDeps, workspaceId: string, config: JsonObject): Judge {
  async function ask(system: string, question: string): Promise<string> {
    const brain = createBrain(deps, {
      workspaceId,
      config: mergeConfig(config, {
        agent: { prompt: { prompt: system, knowledge_base: [], tool_ids: [], temperature: 0 } },
      }),
      tools: [],
      variables: {},
    })
    let text = ''
    for await (const event of brain.turn(
      [{ role: 'user', content: question }],
      question,
      AbortSignal.timeout(120_000),
    ))
      if (event.type === 'text') text += event.text
    return text.trim()
  }

  return {
    async criterion(finished: Finished, criterion: Criterion): Promise<CriterionResult> {
      const answer = await ask(
        CRITERION_PROMPT,
        `Transcript:\n${transcriptText(finished)}\n\nGoal (${criterion.name}): ${criterion.goal}`,
      )
      const rationale = answer.replace(/^\W*\w+\W*/, '').trim() || answer
      return { criteria_id: criterion.id, result: verdictOf(answer), rationale }
    },

    async item(finished: Finished, item: DataItem): Promise<DataCollectionResult> {
      const choices = Array.isArray(item.schema.enum) ? ` One of: ${item.schema.enum.join(', ')}.` : ''
      const answer = await ask(
        ITEM_PROMPT,
        `Transcript:\n${transcriptText(finished)}\n\nValue "${item.id}" (${String(item.schema.type ?? 'string')}): ${String(item.schema.description ?? '')}${choices}`,
      )
      const parsed = jsonOf(answer)
      return {
        data_collection_id: item.id,
        value: typed(parsed?.value, item.schema),
        json_schema: item.schema,
        rationale: typeof parsed?.rationale === 'string' ? parsed.rationale : answer.slice(0, 500),
      }
    },

    summary: (finished) => ask(SUMMARY_PROMPT, `Transcript:\n${transcriptText(finished)}`),

    async overall(finished: Finished): Promise<EvaluationResult> {
      if (finished.failed) return 'failure'
      return verdictOf(await ask(OVERALL_PROMPT, `Transcript:\n${transcriptText(finished)}`))
    },
  }
}
