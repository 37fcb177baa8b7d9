import { BUILT_IN_NO_ANSWER } from '@timbre/contract'
import type { AgentTestReplies, AgentTestReply, TestToolCall } from '../agents/agents.module.js'

// Whether an agent's reply passes a test. The agent's own language model judges what needs
// judgement; an agent on the built-in engine (no model) is judged by the rules written here.

export interface TestVerdict {
  passed: boolean
  rationale: string[]
}

interface Judge {
  workspaceId: string
  agentId: string
  configOverride: Record<string, unknown> | null
  agents: Pick<AgentTestReplies, 'judge'>
}

const words = (text: string): Set<string> =>
  new Set(
    (
      text
        .toLowerCase()
        .normalize('NFKD')
        .match(/[\p{L}\p{N}]+/gu) ?? []
    ).filter((w) => w.length > 2),
  )

/** Shared words over all words (Jaccard), 0 to 1. */
function likeness(a: string, b: string): number {
  const x = words(a)
  const y = words(b)
  if (x.size === 0 || y.size === 0) return 0
  let shared = 0
  for (const w of x) if (y.has(w)) shared++
  return shared / (x.size + y.size - shared)
}

/** Phrases in double quotes inside a condition: the rules require the reply to contain them. */
function quotedPhrases(text: string): string[] {
  return [...text.matchAll(/"([^"]+)"|“([^”]+)”/g)].map((m) => (m[1] ?? m[2] ?? '').trim()).filter(Boolean)
}

/**
 * The rules without a model: every quoted phrase of the success condition appears in the
 * reply; with examples, the reply is closer to a success example than to any failure example;
 * and the reply is not the engine's "I don't know".
 */
export function ruleVerdict(
  reply: string,
  test: {
    success_condition?: string
    success_examples?: Array<{ response: string }>
    failure_examples?: Array<{ response: string }>
  },
): TestVerdict {
  const rationale: string[] = []
  const text = reply.toLowerCase()
  let passed = reply.trim().length > 0 && reply.trim() !== BUILT_IN_NO_ANSWER
  if (!passed) rationale.push('The agent did not answer.')
  for (const phrase of quotedPhrases(test.success_condition ?? '')) {
    const found = text.includes(phrase.toLowerCase())
    rationale.push(`${found ? 'Contains' : 'Does not contain'} "${phrase}".`)
    passed &&= found
  }
  const successes = test.success_examples ?? []
  const failures = test.failure_examples ?? []
  if (successes.length || failures.length) {
    const toSuccess = Math.max(0, ...successes.map((e) => likeness(reply, e.response)))
    const toFailure = Math.max(0, ...failures.map((e) => likeness(reply, e.response)))
    const closer = successes.length ? toSuccess > toFailure : toFailure < 0.5
    rationale.push(
      `Likeness to the success examples ${toSuccess.toFixed(2)}, to the failure examples ${toFailure.toFixed(2)}.`,
    )
    passed &&= closer
  }
  return { passed, rationale }
}

function examplesText(label: string, examples: Array<{ response: string }> | undefined): string {
  return examples?.length ? `\n${label}:\n${examples.map((e) => `- ${e.response}`).join('\n')}` : ''
}

/** An LLM-evaluation test: the reply against its success condition and examples. */
export async function judgeReply(
  judge: Judge,
  reply: string,
  test: {
    success_condition?: string
    success_examples?: Array<{ response: string }>
    failure_examples?: Array<{ response: string }>
  },
): Promise<TestVerdict> {
  const question = `An AI agent replied:\n"""${reply}"""\n\nSuccess condition: ${test.success_condition ?? ''}${examplesText(
    'Replies that succeed look like',
    test.success_examples,
  )}${examplesText('Replies that fail look like', test.failure_examples)}\n\nDoes the reply meet the success condition?`
  const verdict = await judge.agents.judge({ ...judge, question })
  if (!verdict) return ruleVerdict(reply, test)
  return { passed: verdict.passed, rationale: [verdict.rationale] }
}

type ParameterEval =
  | { type: 'exact'; expected_value: string }
  | { type: 'regex'; pattern: string }
  | { type: 'llm'; description: string }
  | { type: 'anything' }

export interface ToolExpectation {
  parameters?: Array<{ path: string; eval: ParameterEval }> | null
  referenced_tool?: { id: string; type: string } | null
  verify_absence?: boolean | null
}

/** A parameter by its dotted path (`customer.name`, `items.0.sku`). */
export function valueAt(params: Record<string, unknown>, path: string): unknown {
  let node: unknown = params
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[key]
  }
  return node
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value))

async function checkParameter(
  judge: Judge,
  call: TestToolCall,
  parameter: { path: string; eval: ParameterEval },
): Promise<{ ok: boolean; note: string }> {
  const value = valueAt(call.params, parameter.path)
  if (value === undefined) return { ok: false, note: `${parameter.path} is missing.` }
  const text = asText(value)
  const check = parameter.eval
  if (check.type === 'anything') return { ok: true, note: `${parameter.path} is present.` }
  if (check.type === 'exact') {
    const ok = text === check.expected_value
    return {
      ok,
      note: `${parameter.path} is ${JSON.stringify(text)}, expected ${JSON.stringify(check.expected_value)}.`,
    }
  }
  if (check.type === 'regex') {
    const ok = new RegExp(check.pattern).test(text)
    return {
      ok,
      note: `${parameter.path} ${JSON.stringify(text)} ${ok ? 'matches' : 'does not match'} /${check.pattern}/.`,
    }
  }
  const verdict = await judge.agents.judge({
    ...judge,
    question: `A tool parameter named "${parameter.path}" has the value ${JSON.stringify(text)}.\nRequirement: ${check.description}\n\nDoes the value meet the requirement?`,
  })
  if (verdict) return { ok: verdict.passed, note: `${parameter.path}: ${verdict.rationale}` }
  // Without a model: the value is not empty and holds every quoted phrase of the description.
  const phrases = quotedPhrases(check.description)
  const ok = text.trim().length > 0 && phrases.every((p) => text.toLowerCase().includes(p.toLowerCase()))
  return {
    ok,
    note: `${parameter.path} ${JSON.stringify(text)} judged by rules: ${ok ? 'accepted' : 'refused'}.`,
  }
}

const callsTool = (call: TestToolCall, tool: { id: string }) =>
  call.toolId === tool.id || call.name === tool.id

/** A tool-call test: the expected tool called (or not, with verify_absence) with the expected parameters. */
export async function judgeToolCalls(
  judge: Judge,
  reply: AgentTestReply,
  expected: ToolExpectation,
  anyMatches: boolean,
): Promise<TestVerdict> {
  const tool = expected.referenced_tool
  if (!tool) return { passed: false, rationale: ['The test names no tool.'] }
  const candidates = anyMatches ? reply.toolCalls : reply.toolCalls.slice(0, 1)
  const matching = candidates.filter((call) => callsTool(call, tool))
  if (expected.verify_absence) {
    const passed = matching.length === 0
    return { passed, rationale: [passed ? `${tool.id} was not called.` : `${tool.id} was called.`] }
  }
  if (matching.length === 0) {
    const called = reply.toolCalls.map((c) => c.name).join(', ') || 'no tool'
    return { passed: false, rationale: [`Expected a call of ${tool.id}; the agent called ${called}.`] }
  }
  let best: TestVerdict = { passed: false, rationale: [] }
  for (const call of matching) {
    const notes: string[] = [`${call.name} was called.`]
    let passed = true
    for (const parameter of expected.parameters ?? []) {
      const result = await checkParameter(judge, call, parameter)
      notes.push(result.note)
      passed &&= result.ok
    }
    best = { passed, rationale: notes }
    if (passed) break
  }
  return best
}
