import { type ReactNode, useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from './alert'
import { Button } from './button'
import { Modal, ModalActions } from './modal'

/**
 * The generic confirm dialog. Optionally the user must type a given text (the browser's own
 * validity check decides), and optionally the confirm button waits a few seconds, counting
 * down, so a destructive action is never one reflexive click away.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  danger = false,
  pending = false,
  error,
  requireText,
  inputLabel,
  waitSeconds = 0,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  confirmLabel: string
  onConfirm: () => void
  danger?: boolean
  pending?: boolean
  error?: string | null
  /** The text the user must type to confirm (for example the name of what is deleted). */
  requireText?: string
  inputLabel?: string
  waitSeconds?: number
}) {
  const { t } = useTranslation()
  const inputId = useId()
  const [typed, setTyped] = useState('')
  const [left, setLeft] = useState(waitSeconds)

  useEffect(() => {
    if (!open) return
    setTyped('')
    setLeft(waitSeconds)
    if (waitSeconds <= 0) return
    const timer = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000)
    return () => clearInterval(timer)
  }, [open, waitSeconds])

  const matches = requireText === undefined || typed.trim() === requireText.trim()
  const ready = matches && left === 0
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (ready && !pending) onConfirm()
        }}
      >
        {requireText !== undefined && (
          <div className="mb-2">
            <label htmlFor={inputId} className="block text-sm font-medium text-neutral-800">
              {inputLabel ?? t('confirm.typeToConfirm', { text: requireText })}
            </label>
            <input
              id={inputId}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              required
              pattern={requireText.trim().replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')}
              autoComplete="off"
              spellCheck={false}
              className="mt-1.5 block w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 focus:border-accent-600 focus:outline-2 focus:outline-accent-600/20"
            />
          </div>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        <ModalActions>
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={!ready} loading={pending}>
            {left > 0 ? t('confirm.wait', { label: confirmLabel, seconds: left }) : confirmLabel}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  )
}
