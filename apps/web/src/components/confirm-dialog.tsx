import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from './alert'
import { Button } from './button'
import { confirmBlocker, exactPattern, tick } from './confirm-state'
import { Modal, ModalActions } from './modal'

type ConfirmInput = {
  label: string
  /** The exact text the user must type (e.g. the name of what is deleted). */
  expected?: string
  placeholder?: string
}

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: string
  confirmLabel: string
  tone?: 'primary' | 'danger'
  /** An input that must be filled (and match `expected`) before Confirm is enabled. */
  input?: ConfirmInput
  /** Seconds Confirm stays disabled after opening, counted down on the button. */
  waitSeconds?: number
  busy?: boolean
  /** A failure of the confirmed action, shown above the buttons. */
  error?: string | null
  onConfirm: (value: string) => void
}

/** The generic confirm dialog: optional input, optional wait countdown, Cancel and Confirm. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  tone = 'primary',
  input,
  waitSeconds = 0,
  busy = false,
  error,
  onConfirm,
}: Props) {
  const { t } = useTranslation()
  const inputId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [value, setValue] = useState('')
  const [valid, setValid] = useState(false)
  const [secondsLeft, setSecondsLeft] = useState(waitSeconds)

  // Every opening starts afresh: empty input, full countdown.
  useEffect(() => {
    if (!open) return
    setValue('')
    setValid(false)
    setSecondsLeft(waitSeconds)
  }, [open, waitSeconds])

  useEffect(() => {
    if (!open || secondsLeft <= 0) return
    const timer = window.setTimeout(() => setSecondsLeft(tick), 1000)
    return () => window.clearTimeout(timer)
  }, [open, secondsLeft])

  const blocker = confirmBlocker({ secondsLeft, hasInput: Boolean(input), inputValid: valid })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (blocker === null && !busy) onConfirm(value)
  }
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form onSubmit={submit} noValidate>
        {input && (
          <div>
            <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-neutral-800">
              {input.label}
            </label>
            <input
              ref={inputRef}
              id={inputId}
              required
              autoComplete="off"
              pattern={input.expected === undefined ? undefined : exactPattern(input.expected)}
              placeholder={input.placeholder ?? input.expected}
              value={value}
              onChange={(event) => {
                setValue(event.target.value)
                setValid(event.target.checkValidity())
              }}
              className="h-10 w-full rounded-lg border border-neutral-300 bg-white px-3 text-sm text-neutral-900 shadow-xs outline-none focus:border-accent-500 focus:ring-3 focus:ring-accent-100"
            />
          </div>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        <ModalActions>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant={tone === 'danger' ? 'danger' : 'primary'}
            disabled={blocker !== null}
            loading={busy}
            data-testid="confirm-button"
          >
            {secondsLeft > 0
              ? t('common.waitCountdown', { label: confirmLabel, seconds: secondsLeft })
              : confirmLabel}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  )
}
