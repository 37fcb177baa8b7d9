import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { createTeam, getTeam, joinTeam, leaveTeam } from './productions-api'

/** The producer's team: its members and their outcomes, its join code; or make or join one. */
export function TeamPanel({ teamId }: { teamId: string | null }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const [joinId, setJoinId] = useState('')
  const [code, setCode] = useState('')
  const team = useQuery({
    queryKey: ['producer-team', teamId],
    queryFn: () => getTeam(teamId!),
    enabled: !!teamId,
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['producer-me'] })
  const make = useMutation({ mutationFn: () => createTeam(name.trim()), onSuccess: refresh })
  const join = useMutation({ mutationFn: () => joinTeam(joinId.trim(), code.trim()), onSuccess: refresh })
  const leave = useMutation({ mutationFn: () => leaveTeam(teamId!), onSuccess: refresh })
  const failed = [make, join, leave].find((m) => m.isError)
  return (
    <section className="mt-6 rounded-xl border border-neutral-200 p-4" aria-labelledby="team-title">
      <h2 id="team-title" className="text-lg font-semibold text-neutral-900">
        {team.data ? t('productions.team.named', { name: team.data.name }) : t('productions.team.title')}
      </h2>
      {team.data ? (
        <>
          {team.data.join_code && (
            <p className="mt-1 text-sm text-neutral-600">
              {t('productions.team.invite', { id: team.data.team_id, code: team.data.join_code })}
            </p>
          )}
          <table className="mt-3 w-full text-left text-sm">
            <thead>
              <tr className="text-neutral-600">
                <th className="py-1 font-medium">{t('productions.team.member')}</th>
                <th className="py-1 font-medium">{t('productions.team.approved')}</th>
                <th className="py-1 font-medium">{t('productions.team.rate')}</th>
              </tr>
            </thead>
            <tbody>
              {team.data.members.map((m) => (
                <tr key={m.user_id} className="border-t border-neutral-100">
                  <td className="py-1">
                    {m.first_name ?? m.email}
                    {m.is_owner && ` · ${t('productions.team.owner')}`}
                  </td>
                  <td className="py-1">{m.stats.approved}</td>
                  <td className="py-1">
                    {m.stats.approval_rate_percent === null ? '—' : `${m.stats.approval_rate_percent}%`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button
            className="mt-3"
            variant="secondary"
            loading={leave.isPending}
            onClick={() => leave.mutate()}
          >
            {t('productions.team.leave')}
          </Button>
        </>
      ) : (
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          <form
            className="space-y-2"
            onSubmit={(event) => {
              event.preventDefault()
              make.mutate()
            }}
          >
            <TextField
              label={t('productions.team.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
            <Button type="submit" loading={make.isPending} disabled={name.trim() === ''}>
              {t('productions.team.create')}
            </Button>
          </form>
          <form
            className="space-y-2"
            onSubmit={(event) => {
              event.preventDefault()
              join.mutate()
            }}
          >
            <TextField
              label={t('productions.team.id')}
              value={joinId}
              onChange={(e) => setJoinId(e.target.value)}
            />
            <TextField
              label={t('productions.team.code')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <Button
              type="submit"
              variant="secondary"
              loading={join.isPending}
              disabled={!joinId.trim() || !code.trim()}
            >
              {t('productions.team.join')}
            </Button>
          </form>
        </div>
      )}
      {(failed || team.isError) && (
        <Alert tone="error" className="mt-3">
          {errorText(failed?.error ?? team.error)}
        </Alert>
      )}
    </section>
  )
}
