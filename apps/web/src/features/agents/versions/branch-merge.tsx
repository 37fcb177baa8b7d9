import { useMutation, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { Spinner } from '../../../components/spinner'
import { useErrorText } from '../../../i18n/use-error-text'
import { type Branch, mergeBranch, previewMerge } from './versions-api'

/** What merging a branch into main would change, and the merge itself when nothing conflicts. */
export function BranchMerge({
  agentId,
  source,
  target,
  onDone,
}: {
  agentId: string
  source: Branch
  target: Branch
  onDone: () => unknown
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const preview = useQuery({
    queryKey: ['agents', agentId, 'merge-preview', source.id, target.id],
    queryFn: () => previewMerge(agentId, source.id, target.id),
  })
  const merge = useMutation({
    mutationFn: () => mergeBranch(agentId, source.id, target.id),
    onSuccess: onDone,
  })
  if (preview.isPending) return <Spinner />
  if (preview.error) return <Alert tone="error">{errorText(preview.error)}</Alert>
  const conflicts = preview.data.conflicts
  return (
    <div className="mt-2 space-y-2 rounded-lg border border-neutral-200 p-2 text-xs">
      {preview.data.source_identical_to_target ? (
        <p>{t('agentVersions.identical')}</p>
      ) : conflicts.length > 0 ? (
        <>
          <p className="text-red-700">{t('agentVersions.conflicts', { n: conflicts.length })}</p>
          <ul className="list-disc pl-4">
            {conflicts.map((c) => (
              <li key={c.path}>
                <code>{c.path}</code>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('agentVersions.noConflicts', { target: target.name })}</p>
      )}
      {merge.error && <Alert tone="error">{errorText(merge.error)}</Alert>}
      <div className="flex gap-2">
        <Button
          disabled={conflicts.length > 0 || preview.data.source_identical_to_target === true}
          loading={merge.isPending}
          onClick={() => merge.mutate()}
        >
          {t('agentVersions.confirmMerge')}
        </Button>
        <Button variant="ghost" onClick={() => onDone()}>
          {t('agentVersions.cancel')}
        </Button>
      </div>
    </div>
  )
}
