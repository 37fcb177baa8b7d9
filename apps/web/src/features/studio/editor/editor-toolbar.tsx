import { type Editor, useEditorState } from '@tiptap/react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { Select } from '../../../components/select'
import type { PauseLength } from './chapter-doc'

type BlockKind = 'p' | 'h1' | 'h2' | 'h3'
const KINDS: BlockKind[] = ['p', 'h1', 'h2', 'h3']
const PAUSE_LENGTHS: PauseLength[] = ['short', 'normal', 'long']

/** What the toolbar shows for the block and selection the cursor is in. */
function toolbarState(editor: Editor) {
  const { $from, empty } = editor.state.selection
  const block = $from.depth >= 1 ? $from.node(1) : null
  const level = block?.type.name === 'heading' ? Number(block.attrs.level) : 0
  return {
    kind: (level === 0 ? 'p' : `h${level}`) as BlockKind,
    blockVoice: String(block?.attrs.voiceId ?? ''),
    spanVoice: String(editor.getAttributes('voice').voiceId ?? ''),
    hasSelection: !empty,
    emphasis: editor.isActive('italic'),
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  }
}

/**
 * The chapter editor's tools: block kind and voice, a voice for the selected words, pauses,
 * emphasis, undo and redo. Each names its keyboard shortcut.
 */
export function EditorToolbar({
  editor,
  voices,
}: {
  editor: Editor
  voices: Array<{ value: string; label: string }>
}) {
  const { t } = useTranslation()
  const state = useEditorState({ editor, selector: ({ editor }) => toolbarState(editor) })
  const withCurrent = (voiceId: string) =>
    voiceId && !voices.some((v) => v.value === voiceId)
      ? [{ value: voiceId, label: voiceId }, ...voices]
      : voices
  const setKind = (kind: BlockKind) => {
    const chain = editor.chain().focus()
    if (kind === 'p') chain.setParagraph().run()
    else chain.setHeading({ level: Number(kind.slice(1)) as 1 | 2 | 3 }).run()
  }
  const setBlockVoice = (voiceId: string) =>
    editor
      .chain()
      .focus()
      .updateAttributes(editor.isActive('heading') ? 'heading' : 'paragraph', { voiceId, narrated: false })
      .run()
  const setSpanVoice = (voiceId: string) =>
    voiceId
      ? editor.chain().focus().setSpanVoice(voiceId).run()
      : editor.chain().focus().unsetSpanVoice().run()

  return (
    <div
      role="toolbar"
      aria-label={t('studio.editor.toolbar')}
      className="sticky top-0 z-10 flex flex-wrap items-center gap-2 rounded-xl border border-neutral-200 bg-white p-2 dark:bg-neutral-900"
    >
      <Select
        aria-label={t('studio.blockType')}
        value={state.kind}
        onChange={setKind}
        className="h-9 rounded-lg border border-neutral-300 bg-white px-2 text-sm"
        options={KINDS.map((kind) => ({ value: kind, label: t(`studio.blockTypes.${kind}`) }))}
      />
      <Select
        aria-label={t('studio.blockVoice')}
        value={state.blockVoice}
        onChange={setBlockVoice}
        className="h-9 max-w-48 rounded-lg border border-neutral-300 bg-white px-2 text-sm"
        options={withCurrent(state.blockVoice)}
      />
      <Select
        aria-label={t('studio.editor.spanVoice')}
        title={state.hasSelection ? undefined : t('studio.editor.selectFirst')}
        value={state.spanVoice}
        disabled={!state.hasSelection}
        onChange={setSpanVoice}
        className="h-9 max-w-48 rounded-lg border border-neutral-300 bg-white px-2 text-sm disabled:opacity-60"
        options={[{ value: '', label: t('studio.editor.blockVoiceOption') }, ...withCurrent(state.spanVoice)]}
      />
      {PAUSE_LENGTHS.map((length) => (
        <Button
          key={length}
          variant="ghost"
          title={length === 'normal' ? t('studio.editor.shortcut', { keys: 'Ctrl+Alt+P' }) : undefined}
          onClick={() => editor.chain().focus().insertPause(length).run()}
        >
          {t(`studio.editor.pause.${length}`)}
        </Button>
      ))}
      <Button
        variant="ghost"
        aria-pressed={state.emphasis}
        title={t('studio.editor.shortcut', { keys: 'Ctrl+I' })}
        onClick={() => editor.chain().focus().toggleItalic().run()}
      >
        <em>{t('studio.editor.emphasis')}</em>
      </Button>
      <Button
        variant="ghost"
        disabled={!state.canUndo}
        title={t('studio.editor.shortcut', { keys: 'Ctrl+Z' })}
        onClick={() => editor.chain().focus().undo().run()}
      >
        {t('studio.editor.undo')}
      </Button>
      <Button
        variant="ghost"
        disabled={!state.canRedo}
        title={t('studio.editor.shortcut', { keys: 'Ctrl+Shift+Z' })}
        onClick={() => editor.chain().focus().redo().run()}
      >
        {t('studio.editor.redo')}
      </Button>
    </div>
  )
}
