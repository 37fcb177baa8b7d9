import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { SESSION_INACTIVITY_TIMEOUT_CHOICES } from '@timbre/contract'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Select } from '../../components/select'
import { PageSpinner } from '../../components/spinner'
import { Switch } from '../../components/switch'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { ApiError } from '../../lib/api-error'
import { PendingRequests, RequestAccess } from './permission-requests'
import {
  getMfaDisabledUsers,
  getSecuritySettings,
  securityKey,
  updateSecuritySettings,
} from './two-factor-api'

const card = 'rounded-2xl border border-neutral-200 p-5 sm:p-6'

/** A timeout in seconds as the page names it (15 minutes, 4 hours, 7 days), in the page's language. */
function useDuration(): (seconds: number) => string {
  const { i18n } = useTranslation()
  return (seconds) => {
    const [value, unit] =
      seconds % 86_400 === 0
        ? [seconds / 86_400, 'day']
        : seconds % 3_600 === 0
          ? [seconds / 3_600, 'hour']
          : [Math.round(seconds / 60), 'minute']
    return new Intl.NumberFormat(i18n.language, { style: 'unit', unit, unitDisplay: 'long' }).format(value)
  }
}

/**
 * Workspace Settings, security: two-factor sign-in for every member and the session inactivity
 * timeout (admins). Single sign-on has its own part of the section.
 */
export function WorkspaceSecurityPage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const toast = useToast()
  const duration = useDuration()
  const queryClient = useQueryClient()
  const settings = useQuery({ queryKey: securityKey, queryFn: getSecuritySettings, retry: false })
  const missing = useQuery({
    queryKey: [...securityKey, 'disabled-users'],
    queryFn: getMfaDisabledUsers,
    enabled: settings.isSuccess,
  })
  const save = useMutation({
    mutationFn: updateSecuritySettings,
    onSuccess: async (next) => {
      queryClient.setQueryData(securityKey, next)
      toast({ title: t('workspaceSecurity.saved'), tone: 'success' })
      await queryClient.invalidateQueries({ queryKey: securityKey })
    },
  })

  const refused =
    settings.error instanceof ApiError && settings.error.code === 'does_not_have_required_permissions'
  const current = settings.data
  const timeout = current?.session_inactivity_timeout ?? null
  const choices: number[] = [...SESSION_INACTIVITY_TIMEOUT_CHOICES]
  if (timeout !== null && !choices.includes(timeout)) choices.push(timeout)

  return (
    <div className="max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">
          {t('workspaceSecurity.title')}
        </h1>
        <p className="mt-1 text-sm text-neutral-600">{t('workspaceSecurity.subtitle')}</p>
      </div>
      {settings.isPending && <PageSpinner label={t('common.loading')} />}
      {refused && <RequestAccess />}
      {settings.isError && !refused && <Alert tone="error">{errorText(settings.error)}</Alert>}
      {save.isError && <Alert tone="error">{errorText(save.error)}</Alert>}
      {current && (
        <>
          <PendingRequests />
          <section className={card}>
            <div className="flex items-start justify-between gap-4">
              <div>
                <h2 className="font-medium text-neutral-900">{t('workspaceSecurity.mfa.title')}</h2>
                <p className="mt-1 text-sm text-neutral-600">{t('workspaceSecurity.mfa.body')}</p>
              </div>
              <Switch
                label={t('workspaceSecurity.mfa.title')}
                checked={current.mfa_required_for_users || current.mfa_required_by_plan}
                disabled={current.mfa_required_by_plan || save.isPending}
                onChange={(checked) => save.mutate({ mfa_required_for_users: checked })}
              />
            </div>
            {current.mfa_required_by_plan && (
              <Alert tone="info" className="mt-4">
                {t('workspaceSecurity.mfa.grant')}
              </Alert>
            )}
            <div className="mt-5">
              <h3 className="text-sm font-medium text-neutral-900">
                {t('workspaceSecurity.mfa.missingTitle')}
              </h3>
              {missing.isError && <Alert tone="error">{errorText(missing.error)}</Alert>}
              {missing.data && missing.data.users.length === 0 && (
                <p className="mt-1 text-sm text-neutral-600">{t('workspaceSecurity.mfa.missingNone')}</p>
              )}
              {missing.data && missing.data.users.length > 0 && (
                <ul
                  className="mt-2 divide-y divide-neutral-200 rounded-lg border border-neutral-200"
                  data-testid="mfa-missing"
                >
                  {missing.data.users.map((user) => (
                    <li key={user.user_id} className="flex flex-wrap justify-between gap-2 px-3 py-2 text-sm">
                      <span className="font-medium text-neutral-900">{user.first_name ?? user.email}</span>
                      {user.first_name && <span className="text-neutral-600">{user.email}</span>}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </section>
          <section className={card}>
            <label htmlFor="session-timeout" className="font-medium text-neutral-900">
              {t('workspaceSecurity.timeout.title')}
            </label>
            <p className="mt-1 text-sm text-neutral-600">{t('workspaceSecurity.timeout.body')}</p>
            <Select
              id="session-timeout"
              className="mt-3 min-h-10 w-full rounded-lg border border-neutral-300 bg-white px-3 text-sm text-neutral-900 sm:w-64"
              value={timeout === null ? 'never' : String(timeout)}
              disabled={save.isPending}
              onChange={(value) =>
                save.mutate({ session_inactivity_timeout: value === 'never' ? null : Number(value) })
              }
              options={[
                { value: 'never', label: t('workspaceSecurity.timeout.never') },
                ...choices.map((seconds) => ({ value: String(seconds), label: duration(seconds) })),
              ]}
            />
          </section>
        </>
      )}
    </div>
  )
}
