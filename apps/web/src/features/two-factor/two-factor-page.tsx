import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { PageSpinner } from '../../components/spinner'
import { TextField } from '../../components/text-field'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { formatDate } from '../../lib/format-date'
import { BackupCodes } from './backup-codes'
import {
  confirmEnrolment,
  disableTwoFactor,
  type Enrolment,
  getTwoFactorStatus,
  regenerateBackupCodes,
  startEnrolment,
  twoFactorKey,
} from './two-factor-api'

const card = 'rounded-2xl border border-neutral-200 p-5 sm:p-6'

/** Two-factor authentication: set up an authenticator app, see the backup codes once, turn it off. */
export function TwoFactorPage() {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  const status = useQuery({ queryKey: twoFactorKey, queryFn: getTwoFactorStatus })
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)
  const start = useMutation({ mutationFn: startEnrolment, onSuccess: setEnrolment })

  return (
    <div className="max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('twoFactor.title')}</h1>
        <p className="mt-1 text-sm text-neutral-600">{t('twoFactor.subtitle')}</p>
      </div>
      {status.isPending && <PageSpinner label={t('common.loading')} />}
      {status.isError && <Alert tone="error">{errorText(status.error)}</Alert>}
      {status.data?.setup_required && !codes && (
        <Alert tone="info">{t('twoFactor.requiredByWorkspace')}</Alert>
      )}
      {codes && <BackupCodes codes={codes} onDone={() => setCodes(null)} />}
      {!codes && status.data && !status.data.enabled && !enrolment && (
        <section className={card}>
          <h2 className="font-medium text-neutral-900">{t('twoFactor.off.title')}</h2>
          <p className="mt-1 text-sm text-neutral-600">{t('twoFactor.off.body')}</p>
          {start.isError && (
            <Alert tone="error" className="mt-4">
              {errorText(start.error)}
            </Alert>
          )}
          <Button className="mt-4" loading={start.isPending} onClick={() => start.mutate()}>
            {t('twoFactor.off.setUp')}
          </Button>
        </section>
      )}
      {!codes && enrolment && (
        <ConfirmStep
          enrolment={enrolment}
          onConfirmed={(backup) => {
            setEnrolment(null)
            setCodes(backup)
          }}
        />
      )}
      {!codes && status.data?.enabled && (
        <section className={`${card} space-y-2`}>
          <h2 className="flex items-center gap-2 font-medium text-neutral-900">
            <span className="size-2 rounded-full bg-green-600" aria-hidden />
            {t('twoFactor.on.title')}
          </h2>
          {status.data.enabled_at_unix !== null && (
            <p className="text-sm text-neutral-600">
              {t('twoFactor.on.since', {
                date: formatDate(status.data.enabled_at_unix, i18n.language),
              })}
            </p>
          )}
          <p className="text-sm text-neutral-600" data-testid="backup-codes-remaining">
            {t('twoFactor.on.backupRemaining', { count: status.data.backup_codes_remaining })}
          </p>
        </section>
      )}
      {!codes && status.data?.enabled && <ManageTwoFactor onNewCodes={setCodes} />}
    </div>
  )
}

function ConfirmStep({
  enrolment,
  onConfirmed,
}: {
  enrolment: Enrolment
  onConfirmed: (codes: string[]) => void
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [code, setCode] = useState('')
  const confirm = useMutation({
    mutationFn: confirmEnrolment,
    onSuccess: async (result) => {
      onConfirmed(result.backup_codes)
      await queryClient.invalidateQueries()
    },
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (code.trim()) confirm.mutate(code.trim())
  }
  return (
    <section className={card}>
      <h2 className="font-medium text-neutral-900">{t('twoFactor.setUp.title')}</h2>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-neutral-600">
        <li>{t('twoFactor.setUp.stepScan')}</li>
        <li>{t('twoFactor.setUp.stepCode')}</li>
      </ol>
      <div className="mt-4 flex flex-col items-start gap-5 sm:flex-row">
        <img
          src={enrolment.qr_code}
          alt={t('twoFactor.setUp.qrAlt')}
          className="size-44 shrink-0 rounded-lg border border-neutral-200 bg-white p-2"
        />
        <form onSubmit={onSubmit} noValidate className="w-full min-w-0 space-y-4">
          <div>
            <p className="text-sm text-neutral-600">{t('twoFactor.setUp.manualKey')}</p>
            <code
              className="mt-1 block rounded-lg bg-neutral-100 px-3 py-2 font-mono text-sm break-all text-neutral-900"
              data-testid="totp-secret"
            >
              {enrolment.secret}
            </code>
          </div>
          {confirm.isError && <Alert tone="error">{errorText(confirm.error)}</Alert>}
          <TextField
            label={t('twoFactor.setUp.codeLabel')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
          />
          <Button type="submit" loading={confirm.isPending} disabled={!code.trim()}>
            {t('twoFactor.setUp.confirm')}
          </Button>
        </form>
      </div>
    </section>
  )
}

/** Turning two-factor off and new backup codes both take a current code. */
function ManageTwoFactor({ onNewCodes }: { onNewCodes: (codes: string[]) => void }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const toast = useToast()
  const queryClient = useQueryClient()
  const [code, setCode] = useState('')
  const done = async () => {
    setCode('')
    await queryClient.invalidateQueries({ queryKey: twoFactorKey })
  }
  const disable = useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: async () => {
      toast({ title: t('twoFactor.manage.disabled'), tone: 'success' })
      await done()
    },
  })
  const regenerate = useMutation({
    mutationFn: regenerateBackupCodes,
    onSuccess: async (result) => {
      onNewCodes(result.backup_codes)
      await done()
    },
  })
  const error = disable.error ?? regenerate.error
  const typed = code.trim()
  return (
    <section className={`${card} space-y-4`}>
      <div>
        <h2 className="font-medium text-neutral-900">{t('twoFactor.manage.title')}</h2>
        <p className="mt-1 text-sm text-neutral-600">{t('twoFactor.manage.body')}</p>
      </div>
      {error && <Alert tone="error">{errorText(error)}</Alert>}
      <TextField
        label={t('twoFactor.manage.codeLabel')}
        autoComplete="one-time-code"
        maxLength={32}
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          disabled={!typed}
          loading={regenerate.isPending}
          onClick={() => {
            disable.reset()
            regenerate.mutate(typed)
          }}
        >
          {t('twoFactor.manage.newCodes')}
        </Button>
        <Button
          variant="danger"
          disabled={!typed}
          loading={disable.isPending}
          onClick={() => {
            regenerate.reset()
            disable.mutate(typed)
          }}
        >
          {t('twoFactor.manage.disable')}
        </Button>
      </div>
    </section>
  )
}
