import { useTranslation } from 'react-i18next'
import { Modal } from '../../components/modal'

// The keyboard shortcuts of the editor, listed in a dialog (opened with ?).

export const SHORTCUT_ROWS = [
  ['Space', 'playPause'],
  ['S', 'split'],
  ['Delete / Backspace', 'delete'],
  ['← / →', 'nudge'],
  ['Shift + ← / →', 'nudgeFar'],
  ['↑ / ↓', 'selectOther'],
  ['+ / −', 'zoom'],
  ['R', 'render'],
  ['Esc', 'deselect'],
  ['?', 'help'],
] as const

export function ShortcutsDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation()
  return (
    <Modal open={props.open} onOpenChange={props.onOpenChange} title={t('voiceover.shortcuts.title')}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {SHORTCUT_ROWS.map(([keys, action]) => (
          <div key={action} className="contents">
            <dt>
              <kbd className="rounded border border-neutral-300 bg-neutral-50 px-1.5 py-0.5 font-mono text-xs text-neutral-800">
                {keys}
              </kbd>
            </dt>
            <dd className="text-neutral-700">{t(`voiceover.shortcuts.${action}`)}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  )
}
