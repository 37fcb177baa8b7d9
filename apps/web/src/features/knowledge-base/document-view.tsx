import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Badge } from '../../components/badge'
import { Button } from '../../components/button'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { formatDateTime } from '../../lib/format-date'
import { IndexState } from './index-state'
import { useComputeIndex, useDocument } from './knowledge-base-queries'

/** One document: what it is, its retrieval index, and its whole text. */
export function DocumentView({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const query = useDocument(id)
  const compute = useComputeIndex()
  const document = query.data?.document
  const state = document?.index_state ?? null
  const canCompute = state === null || state === 'stale' || state === 'unavailable' || state === 'failed'

  return (
    <section
      aria-labelledby="kb-document-title"
      className="mt-6 rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-5"
    >
      {query.isError && <Alert tone="error">{errorText(query.error)}</Alert>}
      {document && (
        <>
          <div className="flex flex-wrap items-start gap-3">
            <div className="min-w-0 flex-1">
              <h2 id="kb-document-title" className="truncate text-lg font-semibold text-neutral-900">
                {document.name}
              </h2>
              <p className="mt-1 text-xs text-neutral-500">
                {t(`knowledgeBase.types.${document.type}`)} ·{' '}
                {formatDateTime(document.metadata.last_updated_at_unix_secs, i18n.language)}
                {document.url ? ` · ${document.url}` : ''}
              </p>
            </div>
            <Button variant="ghost" onClick={onClose}>
              {t('knowledgeBase.close')}
            </Button>
          </div>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <span className="text-sm text-neutral-700">{t('knowledgeBase.index')}</span>
            {state ? <IndexState state={state} /> : <Badge>{t('knowledgeBase.indexStates.none')}</Badge>}
            {canCompute && (
              <Button
                variant="secondary"
                loading={compute.isPending}
                onClick={() =>
                  compute.mutate(id, {
                    onError: (error) => toast({ title: errorText(error), tone: 'error' }),
                  })
                }
              >
                {t('knowledgeBase.computeIndex')}
              </Button>
            )}
          </div>
          <h3 className="mt-4 text-sm font-medium text-neutral-800">{t('knowledgeBase.content')}</h3>
          <pre className="mt-2 max-h-96 overflow-auto rounded-lg bg-neutral-50 p-3 font-sans text-sm whitespace-pre-wrap text-neutral-800">
            {query.data?.text}
          </pre>
        </>
      )}
    </section>
  )
}
