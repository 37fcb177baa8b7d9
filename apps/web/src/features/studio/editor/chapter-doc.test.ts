import { Node as PmNode } from '@tiptap/pm/model'
import { getSchema } from '@tiptap/react'
import { describe, expect, it } from 'vitest'
import type { StudioChapter } from '../../../lib/api-types'
import { blocksFromDoc, docFromChapter } from './chapter-doc'
import { studioExtensions } from './extensions'
import { positionOfCharacter } from './reading-highlight'
import { blockTextOf, characterAtPosition, sentenceAt } from './sentence-at-cursor'
import { readingAt } from './use-play-from-block'

const node = (voice_id: string, text: string, character_id: string | null = null, emphasis = false) => ({
  type: 'tts_node' as const,
  voice_id,
  project_voice_ref_id: voice_id,
  text,
  character_id,
  emphasis,
})

const chapter = {
  content: {
    blocks: [
      {
        block_id: 'b1',
        sub_type: 'h1',
        generated: false,
        locked: false,
        nodes: [node('title', 'The Letter')],
      },
      {
        block_id: 'b2',
        sub_type: 'p',
        generated: true,
        locked: false,
        nodes: [
          node('anna', '“Marcus, look,”', 'anna'),
          node('narr', ' said Anna. [pause]She ', 'narrator'),
          node('narr', 'waited', 'narrator', true),
          node('narr', '.[long pause]', 'narrator'),
        ],
      },
      {
        block_id: 'b3',
        sub_type: 'p',
        generated: false,
        locked: false,
        nodes: [node('narr', 'Plain text.')],
      },
    ],
  },
} as unknown as StudioChapter

describe('a chapter as the editor’s document', () => {
  it('is a valid document of the editor’s schema with blocks, voice spans, pauses and emphasis', () => {
    const doc = docFromChapter(chapter, 'narr')
    const parsed = PmNode.fromJSON(getSchema(studioExtensions), doc)
    parsed.check()
    expect(parsed.childCount).toBe(3)
    expect(parsed.child(0).type.name).toBe('heading')
    const inline = parsed.child(1).content
    const types: string[] = []
    inline.forEach((child) => {
      types.push(child.type.name)
    })
    expect(types.filter((t) => t === 'pause')).toHaveLength(2)
    expect(parsed.child(1).textContent).toBe('“Marcus, look,” said Anna. She waited.')
  })

  it('saves back exactly what was loaded: ids, voices, cast members, pauses, emphasis', () => {
    const saved = blocksFromDoc(docFromChapter(chapter, 'narr'))
    expect(saved).toEqual([
      {
        block_id: 'b1',
        sub_type: 'h1',
        nodes: [{ type: 'tts_node', voice_id: 'title', text: 'The Letter' }],
      },
      {
        block_id: 'b2',
        sub_type: 'p',
        nodes: [
          { type: 'tts_node', voice_id: 'anna', text: '“Marcus, look,”', character_id: 'anna' },
          { type: 'tts_node', voice_id: 'narr', text: ' said Anna. [pause]She ', character_id: 'narrator' },
          { type: 'tts_node', voice_id: 'narr', text: 'waited', character_id: 'narrator', emphasis: true },
          { type: 'tts_node', voice_id: 'narr', text: '.[long pause]', character_id: 'narrator' },
        ],
      },
      { block_id: 'b3', sub_type: 'p', nodes: [{ type: 'tts_node', voice_id: 'narr', text: 'Plain text.' }] },
    ])
  })

  it('leaves out empty blocks and keeps a copied block’s id only once', () => {
    const doc = docFromChapter(chapter, 'narr')
    const copy = structuredClone(doc.content?.[2])
    doc.content?.push({ type: 'paragraph', attrs: { blockId: null, voiceId: 'narr', narrated: false } })
    if (copy) doc.content?.push(copy)
    const saved = blocksFromDoc(doc)
    expect(saved).toHaveLength(4)
    expect(saved[3]?.block_id).toBeUndefined()
  })
})

describe('the spoken word in the document', () => {
  it('finds each word of the saved text at its place in the block, across voices and pauses', () => {
    const parsed = PmNode.fromJSON(getSchema(studioExtensions), docFromChapter(chapter, 'narr'))
    const text = chapter.content.blocks[1]?.nodes.map((n) => n.text).join('') ?? ''
    let blockPos = 0
    parsed.forEach((_child, offset, index) => {
      if (index === 1) blockPos = offset
    })
    const block = parsed.child(1)
    for (const word of ['Marcus', 'Anna', 'She', 'waited']) {
      const from = text.indexOf(word)
      const start = positionOfCharacter(block, blockPos, from)
      const end = positionOfCharacter(block, blockPos, from + word.length)
      expect(parsed.textBetween(start, end)).toBe(word)
    }
  })

  it('finds the character and the sentence at the cursor, as the server counts them', () => {
    const parsed = PmNode.fromJSON(getSchema(studioExtensions), docFromChapter(chapter, 'narr'))
    const block = parsed.child(1)
    const blockPos = parsed.child(0).nodeSize
    const text = blockTextOf(block)
    expect(text).toBe('“Marcus, look,” said Anna. [pause]She waited.[long pause]')
    for (const word of ['look', 'Anna', 'She', 'waited']) {
      const at = positionOfCharacter(block, blockPos, text.indexOf(word))
      expect(characterAtPosition(block, blockPos, at)).toBe(text.indexOf(word))
    }
    const caret = sentenceAt(text, text.indexOf('Anna'), text.indexOf('Anna'))
    expect(caret && text.slice(caret.from, caret.to)).toBe('“Marcus, look,” said Anna.')
    const second = sentenceAt(text, text.indexOf('waited'), text.indexOf('waited') + 3)
    expect(second && text.slice(second.from, second.to)).toBe('She waited.')
  })

  it('turns the player’s position into the block and the word being read', () => {
    const timeline = {
      converted: true,
      blocks: [
        {
          block_id: 'b2',
          start_seconds: 1,
          end_seconds: 3,
          words: [
            { from: 1, to: 7, start_seconds: 1.1, end_seconds: 1.5 },
            { from: 9, to: 13, start_seconds: 1.6, end_seconds: 1.9 },
          ],
        },
      ],
    }
    expect(readingAt(timeline, 1.2)).toEqual({ blockId: 'b2', word: { from: 1, to: 7 } })
    expect(readingAt(timeline, 1.55)).toEqual({ blockId: 'b2', word: null })
    expect(readingAt(timeline, 1.7)?.word).toEqual({ from: 9, to: 13 })
    expect(readingAt(timeline, 3.5)).toBeNull()
  })
})
