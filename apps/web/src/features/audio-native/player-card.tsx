import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import {
  type AudioNativePlayer,
  allowlistOf,
  useConvertPlayer,
  usePlayerAnalytics,
  usePlayerSettings,
  useSaveSettings,
} from './audio-native-api'
import { ContentForm } from './content-form'

const STATE_TONE: Record<AudioNativePlayer['status'], string> = {
  draft: 'bg-neutral-100 text-neutral-700',
  queued: 'bg-amber-50 text-amber-900',
  publishing: 'bg-accent-50 text-accent-700',
  converted: 'bg-sky-50 text-sky-800',
  published: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-red-50 text-red-800',
}

/** How the embedded player will look with these colours (the real one is drawn by the script). */
function PlayerPreview(props: { title: string; small: boolean; text: string; background: string }) {
  const size = props.small ? 'h-8 w-8 text-xs' : 'h-11 w-11 text-base'
  return (
    <div
      className="flex items-center gap-3 rounded-xl border border-neutral-300 px-4 py-3"
      style={{ background: props.background, color: props.text }}
      data-testid="player-preview"
    >
      <span
        className={`flex flex-none items-center justify-center rounded-full ${size}`}
        style={{ background: props.text, color: props.background }}
        aria-hidden
      >
        ▶
      </span>
      <div className="min-w-0 flex-1">
        <div className="truncate text-sm font-semibold">{props.title}</div>
        <div className="mt-1.5 h-1 rounded bg-neutral-400/40" />
      </div>
      <span className="text-xs tabular-nums">0:00</span>
    </div>
  )
}

/** One player: state and progress, embed code, appearance, allowlist, and plays per page. */
export function PlayerCard({ player }: { player: AudioNativePlayer }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const settings = usePlayerSettings(player.project_id)
  const analytics = usePlayerAnalytics(player.project_id)
  const save = useSaveSettings(player.project_id)
  const convert = useConvertPlayer(player.project_id)
  const [textColor, setTextColor] = useState('#000000')
  const [background, setBackground] = useState('#FFFFFF')
  const [small, setSmall] = useState(false)
  const [sessionization, setSessionization] = useState('0')
  const [allowlist, setAllowlist] = useState('')
  const [selector, setSelector] = useState('')
  const loaded = settings.data?.settings

  useEffect(() => {
    if (!loaded) return
    setTextColor(loaded.text_color)
    setBackground(loaded.background_color)
    setSmall(loaded.small)
    setSessionization(String(loaded.sessionization))
  }, [loaded])
  useEffect(() => {
    setAllowlist(player.allowed_urls.join('\n'))
    setSelector(player.content_selector ?? '')
  }, [player.allowed_urls, player.content_selector])

  const snippet =
    `<div id="timbre-audio-native" data-project-id="${player.project_id}"></div>\n` +
    `<script src="${window.location.origin}/audio-native/player.js" async></script>`
  const busy = player.status === 'queued' || player.status === 'publishing'

  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate({
      text_color: textColor,
      background_color: background,
      small,
      sessionization: Number(sessionization) || 0,
      allowed_urls: allowlistOf(allowlist),
      content_selector: selector.trim() || null,
    })
  }

  return (
    <article
      className="space-y-4 rounded-2xl border border-neutral-200 p-5"
      data-testid="audio-native-player"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="min-w-0 truncate text-base font-semibold text-neutral-900">{player.name}</h2>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${STATE_TONE[player.status]}`}
          data-testid="player-state"
        >
          {t(`audioNative.state.${player.status}`)}
        </span>
      </div>
      {busy && (
        <div
          role="progressbar"
          aria-label={t('audioNative.progress')}
          aria-valuenow={player.progress}
          aria-valuemin={0}
          aria-valuemax={100}
          className="h-2 overflow-hidden rounded bg-neutral-200"
        >
          <div className="h-full bg-accent-500 transition-all" style={{ width: `${player.progress}%` }} />
        </div>
      )}
      {player.error && <Alert tone="error">{player.error.message}</Alert>}

      <div>
        <p className="mb-1.5 text-sm font-medium text-neutral-800">{t('audioNative.embedCode')}</p>
        <pre className="overflow-x-auto rounded-lg bg-neutral-100 p-3 text-xs text-neutral-800">
          {snippet}
        </pre>
        <p className="mt-1 text-xs text-neutral-500">{t('audioNative.embedHint')}</p>
      </div>

      <form onSubmit={submit} className="space-y-4" noValidate>
        <h3 className="text-sm font-semibold text-neutral-900">{t('audioNative.appearance')}</h3>
        <PlayerPreview
          title={loaded?.title || player.name}
          small={small}
          text={textColor}
          background={background}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <label className="text-sm text-neutral-800">
            <span className="mb-1.5 block font-medium">{t('audioNative.textColor')}</span>
            <input
              type="color"
              value={textColor}
              onChange={(e) => setTextColor(e.target.value.toUpperCase())}
              className="h-9 w-full rounded border border-neutral-300 bg-white"
            />
          </label>
          <label className="text-sm text-neutral-800">
            <span className="mb-1.5 block font-medium">{t('audioNative.backgroundColor')}</span>
            <input
              type="color"
              value={background}
              onChange={(e) => setBackground(e.target.value.toUpperCase())}
              className="h-9 w-full rounded border border-neutral-300 bg-white"
            />
          </label>
          <label className="flex items-center gap-2 self-end pb-2 text-sm text-neutral-800">
            <input type="checkbox" checked={small} onChange={(e) => setSmall(e.target.checked)} />
            {t('audioNative.small')}
          </label>
        </div>
        <div>
          <label
            htmlFor={`allow-${player.project_id}`}
            className="mb-1.5 block text-sm font-medium text-neutral-800"
          >
            {t('audioNative.allowlist')}
          </label>
          <textarea
            id={`allow-${player.project_id}`}
            rows={3}
            value={allowlist}
            onChange={(e) => setAllowlist(e.target.value)}
            placeholder="https://example.com/blog/"
            className="block w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 font-mono text-sm text-neutral-900"
          />
          <p className="mt-1 text-xs text-neutral-500">{t('audioNative.allowlistHint')}</p>
        </div>
        <TextField
          label={t('audioNative.sessionization')}
          type="number"
          min={0}
          max={1440}
          inputMode="numeric"
          value={sessionization}
          onChange={(e) => setSessionization(e.target.value)}
          hint={t('audioNative.sessionizationHint')}
        />
        <TextField
          label={t('audioNative.contentSelector')}
          value={selector}
          onChange={(e) => setSelector(e.target.value)}
          placeholder="article .post-body"
          hint={t('audioNative.contentSelectorHint')}
        />
        {save.isError && <Alert tone="error">{errorText(save.error)}</Alert>}
        {save.isSuccess && <p className="text-sm text-emerald-800">{t('audioNative.saved')}</p>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={save.isPending}>
            {t('audioNative.save')}
          </Button>
          <Button
            type="button"
            variant="secondary"
            disabled={busy || player.characters === 0}
            loading={convert.isPending}
            onClick={() => convert.mutate()}
          >
            {t('audioNative.convert')}
          </Button>
        </div>
        {convert.isError && <Alert tone="error">{errorText(convert.error)}</Alert>}
      </form>

      <ContentForm player={player} />

      <div>
        <h3 className="text-sm font-semibold text-neutral-900">{t('audioNative.analytics')}</h3>
        <p className="mt-1 text-sm text-neutral-600" data-testid="total-plays">
          {t('audioNative.totalPlays', { count: analytics.data?.total_plays ?? 0 })}
        </p>
        {analytics.data && analytics.data.pages.length > 0 && (
          <ul className="mt-2 divide-y divide-neutral-200 text-sm">
            {analytics.data.pages.map((page) => (
              <li key={page.page_url} className="flex justify-between gap-3 py-1.5">
                <span className="min-w-0 truncate text-neutral-800">{page.page_url}</span>
                <span className="tabular-nums text-neutral-600">{page.plays}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  )
}
