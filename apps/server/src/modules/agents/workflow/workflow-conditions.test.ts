import { describe, expect, it } from 'vitest'
import { conditionByRules, conditionHolds, evaluate } from './workflow-conditions.js'

describe('edge conditions', () => {
  it('decides LLM conditions by the written rules without a model', () => {
    expect(conditionByRules('The user asks for "a person" or "a human"', 'Can I talk to a human?')).toBe(true)
    expect(conditionByRules('The user asks for "a person"', 'a personal question')).toBe(false)
    expect(conditionByRules('The user wants a refund', 'I would like my refund')).toBe(true)
    // Words that describe the caller do not count.
    expect(conditionByRules('The user wants something', 'the user wants')).toBe(false)
  })

  it('evaluates expressions over the dynamic variables', () => {
    const tierIsGold = {
      type: 'and_operator',
      children: [
        {
          type: 'eq_operator',
          left: { type: 'dynamic_variable', name: 'tier' },
          right: { type: 'string_literal', value: 'gold' },
        },
        {
          type: 'gt_operator',
          left: { type: 'dynamic_variable', name: 'age' },
          right: { type: 'number_literal', value: 17 },
        },
      ],
    }
    expect(evaluate(tierIsGold, { tier: 'gold', age: '18' })).toBe(true)
    expect(evaluate(tierIsGold, { tier: 'gold', age: 12 })).toBe(false)
    expect(evaluate({ type: 'dynamic_variable', name: 'missing' }, {})).toBeNull()
  })

  it('takes a result edge only after a tool ran with that outcome', async () => {
    const context = { variables: {}, judge: async () => true }
    const success = { type: 'result', successful: true }
    expect(await conditionHolds(success, { ...context, toolSucceeded: true })).toBe(true)
    expect(await conditionHolds(success, { ...context, toolSucceeded: false })).toBe(false)
    expect(await conditionHolds(success, { ...context, toolSucceeded: null })).toBe(false)
    expect(await conditionHolds({ type: 'llm', condition: 'x' }, { ...context, toolSucceeded: null })).toBe(
      true,
    )
  })
})
