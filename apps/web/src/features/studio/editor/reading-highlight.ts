import { Plugin, PluginKey } from '@tiptap/pm/state'
import { Decoration, DecorationSet } from '@tiptap/pm/view'
import { Extension } from '@tiptap/react'

// The block being read aloud, marked while the chapter plays: the player's position is turned
// into a block id (from the chapter's timeline), and that block is decorated, never changed.

export const readingKey = new PluginKey<string | null>('studioReading')

export const ReadingHighlight = Extension.create({
  name: 'studioReading',
  addProseMirrorPlugins() {
    return [
      new Plugin<string | null>({
        key: readingKey,
        state: {
          init: () => null,
          apply: (tr, current) => {
            const next = tr.getMeta(readingKey) as string | null | undefined
            return next === undefined ? current : next
          },
        },
        props: {
          decorations(state) {
            const blockId = readingKey.getState(state)
            if (!blockId) return null
            const found: Decoration[] = []
            state.doc.forEach((node, offset) => {
              if (node.attrs.blockId === blockId) {
                found.push(
                  Decoration.node(offset, offset + node.nodeSize, {
                    class: 'rounded bg-amber-100 dark:bg-amber-900/40',
                    'data-reading': 'true',
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
