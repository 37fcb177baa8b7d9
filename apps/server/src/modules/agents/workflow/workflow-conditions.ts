import { isObject, type JsonObject } from '../agent-config.js'
import { words } from '../llm/built-in-engine.js'

// How an edge's condition is decided while a conversation runs.
//
// - unconditional: always holds.
// - result: holds when the tool node's last call succeeded (successful: true) or failed (false).
// - expression: the expression tree is evaluated over the conversation's dynamic variables.
// - llm: the agent's language model judges it; with the built-in engine (no model) these written
//   rules decide instead, over the caller's last message:
//     1. a condition with phrases in quotes ("refund", 'cancel my order') holds when the caller
//        said any of them;
//     2. otherwise it holds when the caller used any meaningful word of the condition (four
//        letters or more, leaving out words that describe the caller, like "user" or "wants").

/** What an edge condition is decided from. */
export interface ConditionContext {
  variables: Record<string, unknown>
  /** The result of the tool node just run: null when the edge does not leave a tool node. */
  toolSucceeded: boolean | null
  /** Decides an LLM condition (the agent's model, or the written rules). */
  judge(condition: string): Promise<boolean>
}

const GENERIC_WORDS = new Set(
  'user caller customer agent wants want asks ask says said mentions mention talks talk about would like that they their them something someone anything conversation'.split(
    ' ',
  ),
)

/** The built-in engine's rules for an LLM condition (see above). */
export function conditionByRules(condition: string, said: string): boolean {
  const heard = ` ${words(said).join(' ')} `
  const quoted = [...condition.matchAll(/["“']([^"”']+)["”']/g)].map((m) => m[1] as string)
  if (quoted.length) return quoted.some((phrase) => heard.includes(` ${words(phrase).join(' ')} `))
  const meaningful = words(condition).filter((w) => w.length >= 4 && !GENERIC_WORDS.has(w))
  return meaningful.some((w) => heard.includes(` ${w} `))
}

type Value = string | number | boolean | null

function numeric(value: Value): number {
  return typeof value === 'number' ? value : Number(value)
}

/** Evaluates an expression tree of the public API (literals, variables, arithmetic, logic). */
export function evaluate(node: unknown, variables: Record<string, unknown>): Value {
  if (!isObject(node)) return null
  const side = (key: string) => evaluate(node[key], variables)
  const children = () => (Array.isArray(node.children) ? node.children : [])
  switch (node.type) {
    case 'string_literal':
    case 'number_literal':
    case 'boolean_literal':
      return (node.value as Value) ?? null
    case 'null_literal':
      return null
    case 'dynamic_variable': {
      const value = variables[String(node.name)]
      return value === undefined ? null : (value as Value)
    }
    case 'and_operator':
      return children().every((c) => Boolean(evaluate(c, variables)))
    case 'or_operator':
      return children().some((c) => Boolean(evaluate(c, variables)))
    case 'eq_operator':
      // Variables arrive as text from clients: "3" equals 3.
      return String(side('left')) === String(side('right'))
    case 'neq_operator':
      return String(side('left')) !== String(side('right'))
    case 'gt_operator':
      return numeric(side('left')) > numeric(side('right'))
    case 'gte_operator':
      return numeric(side('left')) >= numeric(side('right'))
    case 'lt_operator':
      return numeric(side('left')) < numeric(side('right'))
    case 'lte_operator':
      return numeric(side('left')) <= numeric(side('right'))
    case 'add_operator':
      return numeric(side('left')) + numeric(side('right'))
    case 'sub_operator':
      return numeric(side('left')) - numeric(side('right'))
    case 'mul_operator':
      return numeric(side('left')) * numeric(side('right'))
    case 'div_operator':
      return numeric(side('left')) / numeric(side('right'))
    case 'conditional_operator':
      return evaluate(side('condition') ? node.trueExpression : node.falseExpression, variables)
    default:
      return null
  }
}

/** Whether a condition holds (a missing condition never does: the edge is not that way). */
export async function conditionHolds(condition: JsonObject | null | undefined, context: ConditionContext) {
  if (!condition) return false
  switch (condition.type) {
    case 'unconditional':
      return true
    case 'result':
      return context.toolSucceeded !== null && context.toolSucceeded === condition.successful
    case 'expression':
      return Boolean(evaluate(condition.expression, context.variables))
    case 'llm':
      return context.judge(String(condition.condition))
    default:
      return false
  }
}
