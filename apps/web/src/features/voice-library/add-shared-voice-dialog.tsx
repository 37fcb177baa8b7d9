import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/button'
import { SheetDialog } from '../../components/sheet-dialog'
import { TextField } from '../../components/text-field'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import type { LibraryVoice } from './library-api'
import { useAddSharedVoice } from './library-queries'

/** Adds a copy of a library voice to the workspace's voices under a name the user picks. */
export function AddSharedVoiceDialog({
  voice,
  onClose,
}: {
  voice: LibraryVoice | null
  onClose: () => void
}) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const add = useAddSharedVoice()
  const [name, setName] = useState('')
  useEffect(() => setName(voice?.name ?? ''), [voice])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!voice || !name.trim()) return
    add.mutate(
      { publicUserId: voice.public_owner_id, voiceId: voice.voice_id, newName: name.trim() },
      {
        onSuccess: () => {
          toast({ title: t('voiceLibrary.added', { name: name.trim() }) })
          onClose()
        },
        onError: (error) => toast({ title: errorText(error), tone: 'error' }),
      },
    )
  }

  return (
    <SheetDialog
      open={voice !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('voiceLibrary.addTitle')}
      description={t('voiceLibrary.addDescription')}
    >
      <form onSubmit={submit} className="space-y-4">
        <TextField
          label={t('voiceLibrary.newName')}
          value={name}
          maxLength={100}
          required
          onChange={(e) => setName(e.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending} disabled={!name.trim()}>
            {t('voiceLibrary.add')}
          </Button>
        </div>
      </form>
    </SheetDialog>
  )
}
