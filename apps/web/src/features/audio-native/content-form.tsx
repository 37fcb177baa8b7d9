import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { FileField } from '../../components/file-field'
import { useErrorText } from '../../i18n/use-error-text'
import { type AudioNativePlayer, usePublishPlayer, useReplaceContent } from './audio-native-api'

/**
 * A new article for a player, converted now or later and published when converted or by hand;
 * while converted audio waits, the published audio keeps playing and a publish button shows.
 */
export function ContentForm({ player }: { player: AudioNativePlayer }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const replace = useReplaceContent(player.project_id)
  const publish = usePublishPlayer(player.project_id)
  const [file, setFile] = useState<File | null>(null)
  const [autoConvert, setAutoConvert] = useState(true)
  const [autoPublish, setAutoPublish] = useState(true)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (file) replace.mutate({ file, autoConvert, autoPublish })
  }

  return (
    <div className="space-y-3" data-testid="content-form">
      {player.status === 'converted' && (
        <div
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-accent-200 bg-accent-50 p-3"
          data-testid="awaiting-publish"
        >
          <p className="min-w-0 flex-1 text-sm text-neutral-800">
            {player.live ? t('audioNative.awaitingPublishLive') : t('audioNative.awaitingPublish')}
          </p>
          <Button type="button" loading={publish.isPending} onClick={() => publish.mutate()}>
            {t('audioNative.publish')}
          </Button>
        </div>
      )}
      {publish.isError && <Alert tone="error">{errorText(publish.error)}</Alert>}
      <form onSubmit={submit} className="space-y-3" noValidate>
        <h3 className="text-sm font-semibold text-neutral-900">{t('audioNative.newArticle')}</h3>
        <FileField
          label={t('audioNative.article')}
          accept=".html,.htm,.txt,text/html,text/plain"
          onFile={setFile}
        />
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          <label className="flex items-center gap-2 text-sm text-neutral-800">
            <input type="checkbox" checked={autoConvert} onChange={(e) => setAutoConvert(e.target.checked)} />
            {t('audioNative.autoConvert')}
          </label>
          <label className="flex items-center gap-2 text-sm text-neutral-800">
            <input type="checkbox" checked={autoPublish} onChange={(e) => setAutoPublish(e.target.checked)} />
            {t('audioNative.autoPublish')}
          </label>
        </div>
        <p className="text-xs text-neutral-500">{t('audioNative.autoPublishHint')}</p>
        {replace.isError && <Alert tone="error">{errorText(replace.error)}</Alert>}
        <Button type="submit" variant="secondary" disabled={!file} loading={replace.isPending}>
          {t('audioNative.replaceArticle')}
        </Button>
      </form>
    </div>
  )
}
