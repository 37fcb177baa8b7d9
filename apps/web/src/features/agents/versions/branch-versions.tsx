import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Spinner } from '../../../components/spinner'
import { branchVersions } from './versions-api'

/** A branch's newest versions, newest first. */
export function BranchVersions({ agentId, branchId }: { agentId: string; branchId: string }) {
  const { t, i18n } = useTranslation()
  const versions = useQuery({
    queryKey: ['agents', agentId, 'branches', branchId],
    queryFn: () => branchVersions(agentId, branchId),
  })
  if (versions.isPending) return <Spinner />
  if (!versions.data?.length)
    return <p className="mt-1 text-xs text-neutral-600">{t('agentVersions.noVersions')}</p>
  return (
    <ol className="mt-1 space-y-0.5 text-xs text-neutral-700" aria-label={t('agentVersions.versions')}>
      {versions.data.map((version) => (
        <li key={version.id}>
          {t('agentVersions.versionLine', {
            seq: version.seq_no_in_branch,
            when: new Date(version.time_committed_secs * 1000).toLocaleString(i18n.language),
            description: version.version_description || t('agentVersions.noDescription'),
          })}
        </li>
      ))}
    </ol>
  )
}
