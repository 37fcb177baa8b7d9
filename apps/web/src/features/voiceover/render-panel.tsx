import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button, buttonClass } from '../../components/button'
import { renderFileUrl, type VoiceoverRender } from './voiceover-api'

// The render of the whole mix: its button, its percent while it runs, then a player and the
// downloads (audio, and the video with the voiceover when the media is a video).

export function RenderPanel(props: {
  projectId: string
  render: VoiceoverRender | null
  starting: boolean
  onRender: () => void
  playerRef: (el: HTMLMediaElement | null) => void
}) {
  const { t } = useTranslation()
  const { render } = props
  const running = render !== null && (render.status === 'queued' || render.status === 'running')
  const done = render?.status === 'done'
  return (
    <section
      className="space-y-3 rounded-2xl border border-neutral-200 p-4"
      aria-label={t('voiceover.render')}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-neutral-900">{t('voiceover.render')}</h2>
        <Button type="button" onClick={props.onRender} loading={props.starting || running} disabled={running}>
          {t('voiceover.renderButton')}
        </Button>
      </div>
      {running && (
        <div>
          <div className="flex justify-between text-xs text-neutral-600 tabular-nums">
            <span>{t('voiceover.rendering')}</span>
            <span>{t('voiceover.percent', { percent: render.progress })}</span>
          </div>
          <div
            role="progressbar"
            aria-label={t('voiceover.rendering')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={render.progress}
            className="mt-1 h-2 overflow-hidden rounded-full bg-neutral-200"
          >
            <div
              className="h-full rounded-full bg-accent-600 transition-[width]"
              style={{ width: `${render.progress}%` }}
            />
          </div>
        </div>
      )}
      {render?.status === 'failed' && (
        <Alert tone="error">{render.error?.message ?? t('voiceover.renderFailed')}</Alert>
      )}
      {done && (
        <div className="space-y-2">
          {render.has_video ? (
            <video
              ref={props.playerRef}
              controls
              data-testid="voiceover-player"
              src={renderFileUrl(props.projectId, render.render_id, 'video')}
              className="w-full rounded-lg bg-black"
            >
              <track kind="captions" />
            </video>
          ) : (
            <audio
              ref={props.playerRef}
              controls
              data-testid="voiceover-player"
              src={renderFileUrl(props.projectId, render.render_id, 'audio')}
              className="w-full"
            >
              <track kind="captions" />
            </audio>
          )}
          <div className="flex flex-wrap gap-2">
            <a
              className={buttonClass('secondary')}
              href={renderFileUrl(props.projectId, render.render_id, 'audio')}
              download
            >
              {t('voiceover.downloadAudio')}
            </a>
            {render.has_video && (
              <a
                className={buttonClass('secondary')}
                href={renderFileUrl(props.projectId, render.render_id, 'video')}
                download
              >
                {t('voiceover.downloadVideo')}
              </a>
            )}
          </div>
        </div>
      )}
    </section>
  )
}
