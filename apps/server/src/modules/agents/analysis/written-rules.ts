import type {
  Criterion,
  CriterionResult,
  DataCollectionResult,
  DataItem,
  EvaluationResult,
  Finished,
  Judge,
  Line,
} from './analysis-types.js'

// The built-in engine has no language model, so it judges by rules written in the criterion's
// goal and the item's description:
// - a quoted phrase ("refund") must have been said; `user says "…"` or `agent says "…"` names
//   who; `not "…"` (or never/no) must not have been said;
// - `tool <name> called` (or `calls tool <name>`) requires that tool to have run.
// A goal with no rule it can read is judged unknown, never guessed. Items take their value
// from the user's words: an enum value named, the number after a quoted phrase (or the first
// number), yes/no for a quoted phrase, an email address.

const PHRASE =
  /(\b(?:not|never|no)\s+)?(?:\b(user|caller|agent)\s+(?:says|said|mentions|mentioned|asks|asked)\s+)?"([^"]+)"/gi
const TOOL = /\btool\s+([\w-]+)\s+(?:is\s+|was\s+)?called\b|\bcalls?\s+(?:the\s+)?tool\s+([\w-]+)/gi
const NUMBER = /-?\d+(?:[.,]\d+)?/
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/

function said(lines: Line[], phrase: string, role: 'user' | 'agent' | null): boolean {
  const wanted = phrase.toLowerCase()
  return lines.some((l) => (role === null || l.role === role) && l.text.toLowerCase().includes(wanted))
}

function roleOf(word: string | undefined): 'user' | 'agent' | null {
  if (!word) return null
  return word.toLowerCase() === 'agent' ? 'agent' : 'user'
}

function judgeRules(finished: Finished, goal: string): { result: EvaluationResult; rationale: string } {
  const met: string[] = []
  const missed: string[] = []
  for (const match of goal.matchAll(PHRASE)) {
    const [, negated, who, phrase = ''] = match
    const role = roleOf(who)
    const label = `${negated ? 'not ' : ''}${role ? `${role} said ` : ''}"${phrase}"`
    const found = said(finished.lines, phrase, role)
    ;(found === !negated ? met : missed).push(label)
  }
  for (const match of goal.matchAll(TOOL)) {
    const name = (match[1] ?? match[2] ?? '').toLowerCase()
    const ran = finished.lines.some((l) => l.tools.some((t) => t.toLowerCase() === name))
    ;(ran ? met : missed).push(`tool ${name} called`)
  }
  if (met.length + missed.length === 0)
    return {
      result: 'unknown',
      rationale: 'No written rule to check without a language model: quote the words that must be said.',
    }
  if (missed.length > 0) return { result: 'failure', rationale: `Not met: ${missed.join('; ')}.` }
  return { result: 'success', rationale: `Met: ${met.join('; ')}.` }
}

function userText(finished: Finished): string {
  return finished.lines
    .filter((l) => l.role === 'user')
    .map((l) => l.text)
    .join('\n')
}

function extract(finished: Finished, item: DataItem): { value: unknown; rationale: string } {
  const type = String(item.schema.type ?? 'string')
  const description = String(item.schema.description ?? '')
  const text = userText(finished)
  const phrase = /"([^"]+)"/.exec(description)?.[1]
  const choices = Array.isArray(item.schema.enum) ? item.schema.enum.map(String) : []
  if (choices.length > 0) {
    const named = choices.find((c) => new RegExp(`\\b${escapeRegExp(c)}\\b`, 'i').test(text))
    return named
      ? { value: named, rationale: `The user named "${named}".` }
      : { value: null, rationale: 'The user named none of the allowed values.' }
  }
  if (type === 'boolean') {
    if (!phrase) return { value: null, rationale: 'Quote the words that mean yes in the description.' }
    const found = said(finished.lines, phrase, 'user')
    return { value: found, rationale: `The user ${found ? 'said' : 'did not say'} "${phrase}".` }
  }
  if (type === 'number' || type === 'integer') {
    const from = phrase ? text.toLowerCase().indexOf(phrase.toLowerCase()) : 0
    const match = from < 0 ? null : NUMBER.exec(text.slice(from))
    if (!match) return { value: null, rationale: 'The user gave no number.' }
    const value = Number(match[0].replace(',', '.'))
    return {
      value: type === 'integer' ? Math.round(value) : value,
      rationale: `The user said ${match[0]}.`,
    }
  }
  if (/e-?mail/i.test(description)) {
    const email = EMAIL.exec(text)?.[0]
    return email
      ? { value: email, rationale: 'The email address the user gave.' }
      : { value: null, rationale: 'The user gave no email address.' }
  }
  return { value: null, rationale: 'This item needs a language model to be extracted.' }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function quote(text: string | undefined, words = 30): string {
  const all = (text ?? '').split(/\s+/).filter(Boolean)
  return all.slice(0, words).join(' ') + (all.length > words ? '…' : '')
}

export const writtenRules: Judge = {
  async criterion(finished: Finished, criterion: Criterion): Promise<CriterionResult> {
    return { criteria_id: criterion.id, ...judgeRules(finished, criterion.goal) }
  },

  async item(finished: Finished, item: DataItem): Promise<DataCollectionResult> {
    return { data_collection_id: item.id, json_schema: item.schema, ...extract(finished, item) }
  },

  async summary(finished: Finished): Promise<string> {
    const spoken = finished.lines.filter((l) => l.text)
    const user = spoken.filter((l) => l.role === 'user')
    const agent = spoken.filter((l) => l.role === 'agent')
    const parts = [
      `${finished.agentName}: ${user.length} user and ${agent.length} agent messages over ${Math.round(finished.seconds)} seconds.`,
    ]
    if (user[0]) parts.push(`The user first said: "${quote(user[0].text)}".`)
    if (agent.at(-1)) parts.push(`The agent last said: "${quote(agent.at(-1)?.text)}".`)
    return parts.join(' ')
  },

  async overall(finished: Finished): Promise<EvaluationResult> {
    return finished.failed ? 'failure' : 'unknown'
  },
}
