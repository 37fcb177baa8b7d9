import type { Node as PmNode } from '@tiptap/pm/model'
import { Plugin, PluginKey } from '@tiptap/pm/state'
import { Decoration, DecorationSet } from '@tiptap/pm/view'
import { Extension } from '@tiptap/react'
import { PAUSES, type PauseLength } from './chapter-doc'

// The block being read aloud and the word being spoken, marked while the chapter plays: the
// player's position is turned into a block and a word (from the chapter's timeline) and both
// are decorated, never changed.

/** What is being read: a block, and characters [from, to) of its text when a word is known. */
export interface Reading {
  blockId: string
  word: { from: number; to: number } | null
}

export const readingKey = new PluginKey<Reading | null>('studioReading')

/** How many characters of the block's saved text an inline node stands for. */
function textLength(node: PmNode): number {
  if (node.isText) return node.text?.length ?? 0
  if (node.type.name === 'pause') return PAUSES[(node.attrs.length as PauseLength) ?? 'normal'].length
  if (node.type.name === 'hardBreak') return 1
  return 0
}

/**
 * The document position of character `offset` of a block's saved text (its nodes' texts joined,
 * a pause written as its mark); `blockPos` is where the block starts.
 */
export function positionOfCharacter(block: PmNode, blockPos: number, offset: number): number {
  let chars = 0
  let position = blockPos + 1
  let found = position
  block.forEach((child, childOffset) => {
    if (chars > offset) return
    const length = textLength(child)
    const at = blockPos + 1 + childOffset
    if (offset < chars + length) found = child.isText ? at + (offset - chars) : at
    else found = at + child.nodeSize
    chars += length
    position = at + child.nodeSize
  })
  return Math.min(found, position)
}

export const ReadingHighlight = Extension.create({
  name: 'studioReading',
  addProseMirrorPlugins() {
    return [
      new Plugin<Reading | null>({
        key: readingKey,
        state: {
          init: () => null,
          apply: (tr, current) => {
            const next = tr.getMeta(readingKey) as Reading | null | undefined
            return next === undefined ? current : next
          },
        },
        props: {
          decorations(state) {
            const reading = readingKey.getState(state)
            if (!reading) return null
            const found: Decoration[] = []
            state.doc.forEach((node, offset) => {
              if (node.attrs.blockId !== reading.blockId) return
              found.push(
                Decoration.node(offset, offset + node.nodeSize, {
                  class: 'rounded bg-amber-100 dark:bg-amber-900/40',
                  'data-reading': 'true',
                }),
              )
              if (!reading.word) return
              const from = positionOfCharacter(node, offset, reading.word.from)
              const to = positionOfCharacter(node, offset, reading.word.to)
              if (to > from) {
                found.push(
                  Decoration.inline(from, to, {
                    class: 'rounded bg-amber-300 text-neutral-900 dark:bg-amber-500',
                    'data-spoken-word': 'true',
                  }),
                )
              }
            })
            return DecorationSet.create(state.doc, found)
          },
        },
      }),
    ]
  },
})
