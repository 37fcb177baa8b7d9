import * as Dialog from '@radix-ui/react-dialog'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert } from '../../components/alert'
import { Button, buttonClass } from '../../components/button'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { Icon } from '../../components/icon'
import { Spinner } from '../../components/spinner'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import type { Voice } from '../../lib/api-types'
import { formatDate } from '../../lib/format-date'
import { formatSize } from '../../lib/format-size'
import { routes, withQuery } from '../../routes'
import { player } from '../player/player-store'
import { VoiceAvatar } from '../player/voice-avatar'
import { ShareVoiceDialog } from '../voice-library/share-voice-dialog'
import { languagePreviews, playVoicePreview, playVoiceSample } from './play-preview'
import { CategoryBadge } from './voice-card'
import { VoiceEditDialog } from './voice-edit-dialog'
import { isOwnVoice, labelText, orderedLabels, voiceLanguages } from './voice-labels'
import { useDeleteVoice, useVoice } from './voices-queries'

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border-t border-neutral-200 py-5">
      <h3 className="mb-3 text-xs font-semibold tracking-wide text-neutral-500 uppercase">{title}</h3>
      {children}
    </section>
  )
}

const labelKeys = ['language', 'gender', 'age', 'accent', 'descriptive', 'use_case'] as const

/** A voice in full: a side panel on large screens, a sheet from the bottom on a phone. */
export function VoiceDetail({
  voiceId,
  initial,
  onClose,
}: {
  voiceId: string
  /** The voice as the grid knows it, shown at once while the full record loads. */
  initial: Voice | null
  onClose: () => void
}) {
  const { t, i18n } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const query = useVoice(voiceId)
  const remove = useDeleteVoice()
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [sharing, setSharing] = useState(false)
  const voice = query.data ?? initial
  const languageNames = useMemo(
    () => new Intl.DisplayNames([i18n.language], { type: 'language' }),
    [i18n.language],
  )

  const own = voice ? isOwnVoice(voice) : false
  const previews = voice ? languagePreviews(voice) : []
  const languages = voice ? voiceLanguages(voice) : []

  const confirmDelete = () => {
    if (!voice) return
    remove.mutate(voice.voice_id, {
      onSuccess: () => {
        if (player.current()?.voiceId === voice.voice_id && player.current()?.type === 'voicePreview')
          player.clear()
        toast({ title: t('voices.deleted', { name: voice.name }), tone: 'success' })
        setDeleting(false)
        onClose()
      },
    })
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] flex-col rounded-t-2xl bg-white shadow-xl outline-none sm:inset-y-0 sm:right-0 sm:left-auto sm:max-h-none sm:w-[28rem] sm:rounded-none sm:rounded-l-2xl"
          aria-describedby={undefined}
        >
          <div className="flex items-start gap-3 border-b border-neutral-200 px-5 pt-5 pb-4 sm:px-6">
            {voice && <VoiceAvatar id={voice.voice_id} name={voice.name} />}
            <div className="min-w-0 flex-1">
              <Dialog.Title className="truncate text-lg font-semibold text-neutral-900">
                {voice?.name ?? t('common.loading')}
              </Dialog.Title>
              {voice && (
                <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-neutral-500">
                  <CategoryBadge category={voice.category} />
                  {voice.created_at_unix && voice.category !== 'premade' && (
                    <span>
                      {t('voices.added', { date: formatDate(voice.created_at_unix, i18n.language) })}
                    </span>
                  )}
                </div>
              )}
            </div>
            <Dialog.Close
              aria-label={t('common.close')}
              className="-m-1.5 rounded-lg p-1.5 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent-600"
            >
              <Icon name="x" className="size-5" />
            </Dialog.Close>
          </div>

          <div className="flex-1 overflow-y-auto px-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] sm:px-6">
            {!voice && query.isPending && (
              <div className="flex justify-center py-12 text-neutral-400">
                <Spinner label={t('common.loading')} />
              </div>
            )}
            {query.isError && !voice && (
              <Alert tone="error" className="mt-5">
                {errorText(query.error)}
              </Alert>
            )}
            {voice && (
              <>
                <div className="grid grid-cols-2 gap-2 py-5 sm:flex sm:flex-wrap">
                  <Button
                    className="col-span-2"
                    onClick={() => playVoicePreview(voice)}
                    disabled={previews.length === 0}
                  >
                    <Icon name="play" className="size-4" />
                    {t('voices.preview')}
                  </Button>
                  <Link
                    to={withQuery(routes.speechSynthesis, { voice_id: voice.voice_id })}
                    className={buttonClass('secondary', 'col-span-2')}
                  >
                    <Icon name="speech" className="size-4" />
                    {t('voices.use')}
                  </Link>
                  {own && (
                    <>
                      <Button variant="secondary" onClick={() => setEditing(true)}>
                        <Icon name="sliders" className="size-4" />
                        {t('voices.edit')}
                      </Button>
                      <Button variant="ghost" className="text-red-700" onClick={() => setDeleting(true)}>
                        <Icon name="trash" className="size-4" />
                        {t('voices.delete')}
                      </Button>
                      {(voice.sharing as { status?: string } | null)?.status !== 'copied' && (
                        <Button variant="secondary" className="col-span-2" onClick={() => setSharing(true)}>
                          <Icon name="share" className="size-4" />
                          {t('voiceLibrary.share.open')}
                        </Button>
                      )}
                    </>
                  )}
                </div>

                <Section title={t('voices.description')}>
                  <p className="text-sm whitespace-pre-line text-neutral-700">
                    {voice.description || t('voices.noDescription')}
                  </p>
                </Section>

                {orderedLabels(voice).length > 0 && (
                  <Section title={t('voices.labels')}>
                    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                      {orderedLabels(voice).map(([key, value]) => (
                        <div key={key} className="contents">
                          <dt className="text-neutral-500">
                            {(labelKeys as readonly string[]).includes(key)
                              ? t(`voices.labelNames.${key as (typeof labelKeys)[number]}`)
                              : key.replace(/_/g, ' ')}
                          </dt>
                          <dd className="min-w-0 break-words text-neutral-900 first-letter:uppercase">
                            {labelText(t, key, value, languageNames)}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  </Section>
                )}

                {languages.length > 0 && (
                  <Section title={t('voices.languages')}>
                    <ul className="space-y-1.5">
                      {languages.map((code) => {
                        const preview = previews.find((p) => p.language === code)
                        const name = labelText(t, 'language', code, languageNames)
                        return (
                          <li key={code} className="flex items-center justify-between gap-3 text-sm">
                            <span className="text-neutral-800">{name}</span>
                            {preview && (
                              <button
                                type="button"
                                onClick={() => playVoicePreview(voice, code)}
                                aria-label={t('voices.previewIn', { language: name })}
                                className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-xs font-medium text-accent-700 hover:bg-accent-50 focus-visible:outline-2 focus-visible:outline-accent-600"
                              >
                                <Icon name="play" className="size-3.5" />
                                {t('voices.listen')}
                              </button>
                            )}
                          </li>
                        )
                      })}
                    </ul>
                  </Section>
                )}

                {own && (
                  <Section title={t('voices.samples')}>
                    {(voice.samples ?? []).length === 0 ? (
                      <p className="text-sm text-neutral-500">{t('voices.noSamples')}</p>
                    ) : (
                      <ul className="space-y-1">
                        {(voice.samples ?? []).map((sample) => (
                          <li
                            key={sample.sample_id}
                            className="flex items-center gap-3 rounded-lg py-1.5 text-sm"
                          >
                            <button
                              type="button"
                              onClick={() => playVoiceSample(voice, sample)}
                              aria-label={t('voices.playSample', { name: sample.file_name })}
                              className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-neutral-100 text-neutral-700 hover:bg-neutral-200 focus-visible:outline-2 focus-visible:outline-accent-600"
                            >
                              <Icon name="play" className="size-3.5" />
                            </button>
                            <span className="min-w-0 flex-1 truncate text-neutral-800">
                              {sample.file_name}
                            </span>
                            <span className="shrink-0 text-xs text-neutral-500 tabular-nums">
                              {formatSize(sample.size_bytes, i18n.language)}
                            </span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </Section>
                )}

                <Section title={t('voices.voiceId')}>
                  <code className="block break-all rounded-lg bg-neutral-50 px-3 py-2 font-mono text-xs text-neutral-700">
                    {voice.voice_id}
                  </code>
                </Section>
              </>
            )}
          </div>
          {voice && editing && <VoiceEditDialog voice={voice} onClose={() => setEditing(false)} />}
          {voice && (
            <ShareVoiceDialog
              voice={voice}
              open={sharing}
              onOpenChange={setSharing}
              onSaved={() => void query.refetch()}
            />
          )}
          {voice && (
            <ConfirmDialog
              open={deleting}
              onOpenChange={(open) => {
                setDeleting(open)
                if (!open) remove.reset()
              }}
              title={t('voices.deleteTitle', { name: voice.name })}
              description={t('voices.deleteBody')}
              confirmLabel={t('voices.delete')}
              tone="danger"
              waitSeconds={3}
              busy={remove.isPending}
              error={remove.isError ? errorText(remove.error) : null}
              onConfirm={confirmDelete}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
