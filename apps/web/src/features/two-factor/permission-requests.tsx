import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import {
  answerPermissionRequest,
  getPermissionRequests,
  permissionRequestsKey,
  requestAdminAccess,
} from './two-factor-api'

/** Shown to a member refused an admin page: ask the admins for access, then see the answer. */
export function RequestAccess() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [message, setMessage] = useState('')
  const mine = useQuery({ queryKey: permissionRequestsKey, queryFn: getPermissionRequests })
  const ask = useMutation({
    mutationFn: () => requestAdminAccess(message.trim()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: permissionRequestsKey }),
  })
  const latest = mine.data?.requests[0]
  return (
    <div
      className="rounded-2xl border border-dashed border-neutral-300 p-6 sm:p-8"
      data-testid="admin-refused"
    >
      <p className="font-medium text-neutral-900">{t('workspaceSecurity.adminOnly')}</p>
      {latest?.status === 'pending' ? (
        <p className="mt-2 text-sm text-neutral-600">{t('permissionRequests.pending')}</p>
      ) : (
        <div className="mt-4 space-y-3">
          {latest?.status === 'declined' && <Alert tone="info">{t('permissionRequests.declined')}</Alert>}
          {ask.isError && <Alert tone="error">{errorText(ask.error)}</Alert>}
          <TextField
            label={t('permissionRequests.messageLabel')}
            value={message}
            maxLength={500}
            onChange={(e) => setMessage(e.target.value)}
          />
          <Button loading={ask.isPending} onClick={() => ask.mutate()}>
            {t('permissionRequests.ask')}
          </Button>
        </div>
      )}
    </div>
  )
}

/** The requests waiting for an admin's answer. */
export function PendingRequests() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const pending = useQuery({ queryKey: permissionRequestsKey, queryFn: getPermissionRequests })
  const answer = useMutation({
    mutationFn: (input: { id: string; answer: 'grant' | 'decline' }) =>
      answerPermissionRequest(input.id, input.answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: permissionRequestsKey }),
  })
  const requests = pending.data?.requests ?? []
  if (requests.length === 0 && !answer.isError) return null
  return (
    <section className="rounded-2xl border border-neutral-200 p-5 sm:p-6">
      <h2 className="font-medium text-neutral-900">{t('permissionRequests.title')}</h2>
      {answer.isError && (
        <Alert tone="error" className="mt-3">
          {errorText(answer.error)}
        </Alert>
      )}
      <ul className="mt-3 divide-y divide-neutral-200 rounded-lg border border-neutral-200">
        {requests.map((request) => (
          <li
            key={request.request_id}
            className="flex flex-wrap items-center justify-between gap-3 px-3 py-3"
          >
            <div className="min-w-0 text-sm">
              <p className="font-medium text-neutral-900">
                {t('permissionRequests.asksForAdmin', { name: request.first_name ?? request.email })}
              </p>
              {request.message && <p className="mt-0.5 break-words text-neutral-600">{request.message}</p>}
            </div>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ id: request.request_id, answer: 'decline' })}
              >
                {t('permissionRequests.decline')}
              </Button>
              <Button
                disabled={answer.isPending}
                onClick={() => answer.mutate({ id: request.request_id, answer: 'grant' })}
              >
                {t('permissionRequests.grant')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
