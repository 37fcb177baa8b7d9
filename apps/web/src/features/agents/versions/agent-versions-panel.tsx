import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { Spinner } from '../../../components/spinner'
import { TextField } from '../../../components/text-field'
import { useErrorText } from '../../../i18n/use-error-text'
import { BranchMerge } from './branch-merge'
import { BranchVersions } from './branch-versions'
import { type Branch, commitDraft, createBranch, deploySplit, listBranches } from './versions-api'

const TOTAL = 100

/** An agent's branches with their share of live traffic: set the split, commit drafts, merge. */
export function AgentVersionsPanel({ agentId }: { agentId: string }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const branches = useQuery({
    queryKey: ['agents', agentId, 'branches'],
    queryFn: () => listBranches(agentId),
  })
  const [split, setSplit] = useState<Record<string, number>>({})
  const [open, setOpen] = useState<string | null>(null)
  const [merging, setMerging] = useState<string | null>(null)
  const [newName, setNewName] = useState('')
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['agents', agentId] })

  useEffect(() => {
    if (branches.data)
      setSplit(Object.fromEntries(branches.data.map((b) => [b.id, b.current_live_percentage])))
  }, [branches.data])

  const deploy = useMutation({ mutationFn: () => deploySplit(agentId, split), onSuccess: refresh })
  const commit = useMutation({
    mutationFn: (branch: Branch) => commitDraft(agentId, branch.id, t('agentVersions.draftCommitted')),
    onSuccess: refresh,
  })
  const create = useMutation({
    mutationFn: () => createBranch(agentId, newName.trim()),
    onSuccess: () => {
      setNewName('')
      return refresh()
    },
  })

  if (branches.isPending) return <Spinner />
  if (branches.error) return <Alert tone="error">{errorText(branches.error)}</Alert>
  const main = branches.data.find((b) => b.parent_branch_id === null)
  const total = Object.values(split).reduce((sum, share) => sum + share, 0)
  const addsUp = Math.abs(total - TOTAL) < 0.005
  const error = deploy.error ?? commit.error ?? create.error

  return (
    <section
      aria-label={t('agentVersions.title')}
      className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-5 lg:col-span-2"
    >
      <h2 className="text-lg font-semibold text-neutral-900">{t('agentVersions.title')}</h2>
      <table className="mt-3 w-full text-left text-sm">
        <thead className="text-neutral-600">
          <tr>
            <th className="py-1 font-medium">{t('agentVersions.branch')}</th>
            <th className="py-1 font-medium">{t('agentVersions.share')}</th>
            <th className="py-1 font-medium">{t('agentVersions.calls')}</th>
            <th className="py-1" />
          </tr>
        </thead>
        <tbody>
          {branches.data.map((branch) => (
            <tr key={branch.id} className="border-t border-neutral-100 align-top">
              <td className="py-2 text-neutral-900">
                {branch.name}
                {branch.draft_exists && (
                  <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-amber-900">
                    {t('agentVersions.draft')}
                  </span>
                )}
                {open === branch.id && <BranchVersions agentId={agentId} branchId={branch.id} />}
                {merging === branch.id && main && (
                  <BranchMerge
                    agentId={agentId}
                    source={branch}
                    target={main}
                    onDone={() => {
                      setMerging(null)
                      return refresh()
                    }}
                  />
                )}
              </td>
              <td className="py-2">
                <input
                  type="number"
                  min={0}
                  max={TOTAL}
                  aria-label={t('agentVersions.shareOf', { name: branch.name })}
                  className="w-20 rounded-lg border border-neutral-300 px-2 py-1"
                  value={split[branch.id] ?? 0}
                  onChange={(e) => setSplit({ ...split, [branch.id]: Number(e.target.value) })}
                />{' '}
                %
              </td>
              <td className="py-2 text-neutral-700">{branch.calls_7d}</td>
              <td className="flex flex-wrap justify-end gap-1 py-2">
                <Button variant="ghost" onClick={() => setOpen(open === branch.id ? null : branch.id)}>
                  {t(open === branch.id ? 'agentVersions.hideVersions' : 'agentVersions.versions')}
                </Button>
                {branch.draft_exists && (
                  <Button
                    variant="secondary"
                    loading={commit.isPending}
                    onClick={() => commit.mutate(branch)}
                  >
                    {t('agentVersions.commitDraft')}
                  </Button>
                )}
                {branch !== main && (
                  <Button variant="secondary" onClick={() => setMerging(branch.id)}>
                    {t('agentVersions.mergeIntoMain')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <span className={`text-sm ${addsUp ? 'text-neutral-700' : 'text-red-700'}`}>
          {addsUp
            ? t('agentVersions.total', { total })
            : t('agentVersions.totalMustBe', { total, needed: TOTAL })}
        </span>
        <Button disabled={!addsUp} loading={deploy.isPending} onClick={() => deploy.mutate()}>
          {t('agentVersions.saveSplit')}
        </Button>
      </div>
      <form
        className="mt-4 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          if (newName.trim()) create.mutate()
        }}
      >
        <TextField
          label={t('agentVersions.newBranch')}
          value={newName}
          onChange={(e) => setNewName(e.target.value)}
        />
        <Button type="submit" variant="secondary" loading={create.isPending} disabled={!newName.trim()}>
          {t('agentVersions.createBranch')}
        </Button>
      </form>
      {error && (
        <div className="mt-3">
          <Alert tone="error">{errorText(error)}</Alert>
        </div>
      )}
    </section>
  )
}
