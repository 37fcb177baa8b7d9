import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { useToast } from '../../../components/toaster'
import { useDictation } from './use-dictation'

/** Dictation on the speech to text page: speak, and see the words as they are heard and settled. */
export function DictationPanel() {
  const { t } = useTranslation()
  const toast = useToast()
  const dictation = useDictation()
  const { status, partial, committed, error } = dictation
  const live = status === 'listening' || status === 'connecting'
  const text = committed.join(' ')

  const copy = async () => {
    await navigator.clipboard.writeText(text)
    toast({ title: t('dictation.copied'), tone: 'success' })
  }

  return (
    <section
      aria-labelledby="dictation-title"
      className="mt-6 rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-5"
      data-testid="dictation"
    >
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-48 flex-1">
          <h2 id="dictation-title" className="text-base font-semibold text-neutral-900">
            {t('dictation.title')}
          </h2>
          <p className="mt-1 text-sm text-neutral-600">{t('dictation.subtitle')}</p>
        </div>
        {live ? (
          <Button variant="secondary" onClick={dictation.stop} data-testid="dictation-stop">
            <span className="size-2.5 animate-pulse rounded-full bg-red-500" aria-hidden="true" />
            {t('dictation.stop')}
          </Button>
        ) : (
          <Button onClick={() => void dictation.start()} data-testid="dictation-start">
            {t('dictation.start')}
          </Button>
        )}
      </div>
      <p className="mt-2 text-xs text-neutral-500" aria-live="polite" data-testid="dictation-status">
        {status === 'connecting' && t('dictation.connecting')}
        {status === 'listening' && t('dictation.listening')}
      </p>
      {status === 'denied' && (
        <Alert tone="error" className="mt-3">
          {t('dictation.denied')}
        </Alert>
      )}
      {status === 'noMicrophone' && (
        <Alert tone="error" className="mt-3">
          {t('dictation.noMicrophone')}
        </Alert>
      )}
      {status === 'unsupported' && (
        <Alert tone="error" className="mt-3">
          {t('dictation.unsupported')}
        </Alert>
      )}
      {status === 'failed' && (
        <Alert tone="error" className="mt-3">
          {t('dictation.failed', { message: error || t('dictation.lost') })}
        </Alert>
      )}
      <div
        className="mt-3 min-h-24 rounded-xl border border-neutral-200 bg-neutral-50 p-3 text-sm leading-relaxed text-neutral-900 [overflow-wrap:anywhere]"
        data-testid="dictation-text"
      >
        {text || partial ? (
          <>
            <span data-testid="dictation-committed">{text}</span>
            {partial && (
              <span
                className="text-neutral-500"
                data-testid="dictation-partial"
                title={t('dictation.hearing')}
              >
                {text ? ' ' : ''}
                {partial}
              </span>
            )}
          </>
        ) : (
          <span className="text-neutral-400">{t('dictation.empty')}</span>
        )}
      </div>
      {text && (
        <div className="mt-3 flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={dictation.clear}>
            {t('dictation.clear')}
          </Button>
          <Button variant="secondary" onClick={() => void copy()}>
            {t('dictation.copy')}
          </Button>
        </div>
      )}
    </section>
  )
}
