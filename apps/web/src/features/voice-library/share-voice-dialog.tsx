import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/button'
import { SheetDialog } from '../../components/sheet-dialog'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import type { Voice } from '../../lib/api-types'
import { type SharingBody, shareVoice } from './library-api'

type Status = SharingBody['status']
const STATUSES: Status[] = ['enabled', 'copied_disabled', 'disabled']

/** The owner's sharing settings of a voice: listed, copies stopped, or private. */
export function ShareVoiceDialog({
  voice,
  open,
  onOpenChange,
  onSaved,
}: {
  voice: Voice
  open: boolean
  onOpenChange: (open: boolean) => void
  onSaved: () => void
}) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const current = (voice.sharing ?? {}) as {
    status?: string
    description?: string
    live_moderation_enabled?: boolean
  }
  const [status, setStatus] = useState<Status>('enabled')
  const [description, setDescription] = useState('')
  const [moderated, setModerated] = useState(false)
  const [saving, setSaving] = useState(false)
  useEffect(() => {
    if (!open) return
    setStatus(STATUSES.includes(current.status as Status) ? (current.status as Status) : 'enabled')
    setDescription(current.description ?? voice.description ?? '')
    setModerated(current.live_moderation_enabled ?? false)
  }, [open, current.status, current.description, current.live_moderation_enabled, voice.description])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSaving(true)
    try {
      await shareVoice(voice.voice_id, {
        status,
        description: description.trim() || null,
        live_moderation_enabled: moderated,
      })
      toast({ title: t('voiceLibrary.share.saved') })
      onSaved()
      onOpenChange(false)
    } catch (error) {
      toast({ title: errorText(error), tone: 'error' })
    } finally {
      setSaving(false)
    }
  }

  return (
    <SheetDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('voiceLibrary.share.title')}
      description={t('voiceLibrary.share.description')}
    >
      <form onSubmit={(e) => void submit(e)} className="space-y-4">
        <fieldset className="space-y-2">
          <legend className="mb-1.5 text-sm font-medium text-neutral-900">
            {t('voiceLibrary.share.status')}
          </legend>
          {STATUSES.map((s) => (
            <label key={s} className="flex items-start gap-2 text-sm text-neutral-800">
              <input
                type="radio"
                name="status"
                value={s}
                checked={status === s}
                onChange={() => setStatus(s)}
                className="mt-1"
              />
              <span>
                <span className="font-medium">{t(`voiceLibrary.share.statuses.${s}`)}</span>
                <span className="block text-xs text-neutral-500">{t(`voiceLibrary.share.hints.${s}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <label className="block text-sm font-medium text-neutral-900">
          {t('voiceLibrary.share.listingDescription')}
          <textarea
            value={description}
            maxLength={1000}
            rows={3}
            onChange={(e) => setDescription(e.target.value)}
            className="mt-1.5 block w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm font-normal text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent-600"
          />
        </label>
        <label className="flex items-center gap-2 text-sm text-neutral-800">
          <input type="checkbox" checked={moderated} onChange={(e) => setModerated(e.target.checked)} />
          {t('voiceLibrary.share.liveModeration')}
        </label>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </SheetDialog>
  )
}
