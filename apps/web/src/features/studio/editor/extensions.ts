import { Extension, Mark, mergeAttributes, Node } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { PAUSES, type PauseLength } from './chapter-doc'
import { ReadingHighlight } from './reading-highlight'

// The editor's schema: paragraphs and headings (levels 1-3) as blocks that each carry their id
// and voice; a `voice` mark for a span read by another voice; a `pause` that is one inline
// atom; italic as emphasis; undo and redo. Lists, quotes, code and links are left out: a chapter
// is read aloud, and they have no sound of their own.

declare module '@tiptap/react' {
  interface Commands<ReturnType> {
    studioVoice: {
      setSpanVoice: (voiceId: string) => ReturnType
      unsetSpanVoice: () => ReturnType
    }
    studioPause: {
      insertPause: (length: PauseLength) => ReturnType
    }
  }
}

/** Each block's id (keeps its audio across saves), its voice, and whether it is cast narration. */
const BlockAttributes = Extension.create({
  name: 'studioBlockAttributes',
  addGlobalAttributes() {
    return [
      {
        types: ['paragraph', 'heading'],
        attributes: {
          blockId: { default: null, keepOnSplit: false, rendered: false },
          voiceId: { default: '', keepOnSplit: true, renderHTML: (a) => ({ 'data-voice': a.voiceId }) },
          narrated: { default: false, keepOnSplit: true, rendered: false },
        },
      },
    ]
  },
})

const VoiceMark = Mark.create({
  name: 'voice',
  inclusive: false,
  addAttributes() {
    return {
      voiceId: { default: '' },
      characterId: { default: null },
    }
  },
  parseHTML: () => [{ tag: 'span[data-span-voice]' }],
  renderHTML({ HTMLAttributes, mark }) {
    return [
      'span',
      mergeAttributes(HTMLAttributes, {
        'data-span-voice': mark.attrs.voiceId,
        class: 'rounded bg-accent-100 px-0.5 text-accent-900 dark:bg-accent-900/40 dark:text-accent-100',
      }),
      0,
    ]
  },
  addCommands() {
    return {
      setSpanVoice:
        (voiceId) =>
        ({ commands }) =>
          commands.setMark('voice', { voiceId, characterId: null }),
      unsetSpanVoice:
        () =>
        ({ commands }) =>
          commands.unsetMark('voice'),
    }
  },
})

const PauseNode = Node.create({
  name: 'pause',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return { length: { default: 'normal' } }
  },
  parseHTML: () => [{ tag: 'span[data-pause]' }],
  renderHTML({ node }) {
    const length = node.attrs.length as PauseLength
    return [
      'span',
      {
        'data-pause': length,
        contenteditable: 'false',
        class:
          'mx-0.5 rounded bg-neutral-200 px-1 text-xs text-neutral-700 dark:bg-neutral-700 dark:text-neutral-200',
      },
      PAUSES[length] ?? PAUSES.normal,
    ]
  },
  renderText: ({ node }) => PAUSES[node.attrs.length as PauseLength] ?? PAUSES.normal,
  addCommands() {
    return {
      insertPause:
        (length) =>
        ({ commands }) =>
          commands.insertContent({ type: 'pause', attrs: { length } }),
    }
  },
  addKeyboardShortcuts() {
    return { 'Mod-Alt-p': () => this.editor.commands.insertPause('normal') }
  },
})

export const studioExtensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3] },
    blockquote: false,
    bold: false,
    bulletList: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    listItem: false,
    listKeymap: false,
    link: false,
    orderedList: false,
    strike: false,
    underline: false,
    trailingNode: false,
  }),
  BlockAttributes,
  VoiceMark,
  PauseNode,
  ReadingHighlight,
]
