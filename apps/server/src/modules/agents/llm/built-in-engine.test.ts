import { BUILT_IN_NO_ANSWER } from '@timbre/contract'
import { describe, expect, it } from 'vitest'
import { builtInReply, type EngineTool, triggerPhrasesOf } from './built-in-engine.js'

const passage = (text: string, score = 3) => ({ documentId: 'd1', documentName: 'FAQ', text, score })
const tool = (name: string, type = 'client', phrases: unknown = undefined): EngineTool => ({
  name,
  type,
  description: '',
  triggerPhrases: triggerPhrasesOf(name, type, phrases),
  parameters: { type: 'object', properties: { query: { type: 'string' } } },
})

describe('the built-in engine', () => {
  it('answers with the sentences of the best passage that share the question’s words', () => {
    const reply = builtInReply({
      text: 'How long does shipping take?',
      passages: [
        passage(
          'We ship worldwide. Shipping takes three to five working days. Returns are free for 30 days.',
        ),
      ],
      tools: [],
    })
    expect(reply).toMatchObject({ kind: 'answer', text: 'Shipping takes three to five working days.' })
  })

  it('says plainly when it does not know', () => {
    expect(builtInReply({ text: 'Who won the match?', passages: [], tools: [] })).toMatchObject({
      kind: 'answer',
      text: BUILT_IN_NO_ANSWER,
    })
    expect(
      builtInReply({
        text: 'Who won the match?',
        passages: [passage('Returns are free for 30 days.')],
        tools: [],
      }),
    ).toMatchObject({ text: BUILT_IN_NO_ANSWER })
  })

  it('calls a tool whose trigger phrase the caller says, with the caller’s words as its query', () => {
    const map = tool('show_map')
    const human = tool('handoff', 'client', ['speak to a person'])
    expect(
      builtInReply({ text: 'Could you show map of Paris', passages: [], tools: [map, human] }),
    ).toMatchObject({
      kind: 'tool',
      tool: { name: 'show_map' },
      arguments: { query: 'Could you show map of Paris' },
    })
    expect(
      builtInReply({ text: 'I want to speak to a person now', passages: [], tools: [map, human] }),
    ).toMatchObject({
      kind: 'tool',
      tool: { name: 'handoff' },
    })
    expect(
      builtInReply({ text: 'Thanks, goodbye!', passages: [], tools: [tool('end_call', 'system')] }),
    ).toMatchObject({
      kind: 'tool',
      tool: { name: 'end_call' },
    })
  })
})
