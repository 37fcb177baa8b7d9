import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { PageSpinner } from '../../components/spinner'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import type { ApiKey } from '../../lib/api-types'
import { useSession } from '../auth/use-session'
import { VerifyEmailNotice } from '../auth/verify-email-notice'
import { ApiKeyItem } from './api-key-item'
import { DeleteKeyDialog } from './delete-key-dialog'
import { KeyDialog } from './key-dialog'
import { NewKeyDialog } from './new-key-dialog'
import { useApiKeys } from './use-api-keys'

type Open =
  | { kind: 'create' }
  | { kind: 'edit'; key: ApiKey }
  | { kind: 'delete'; key: ApiKey }
  | { kind: 'new'; secret: string }

/** Developer API keys: list, create with a name and scopes, delete. */
export function ApiKeysPage() {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const session = useSession()
  const keys = useApiKeys()
  const [open, setOpen] = useState<Open | null>(null)
  const close = () => setOpen(null)
  if (session.status !== 'signedIn') return null
  const verified = session.user.is_email_verified

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-2xl">
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('apiKeys.title')}</h1>
          <p className="mt-1 text-sm text-neutral-600">{t('apiKeys.subtitle')}</p>
        </div>
        {verified && <Button onClick={() => setOpen({ kind: 'create' })}>{t('apiKeys.create')}</Button>}
      </div>
      {/* An unverified email cannot create keys; say why instead of a dead button. */}
      {!verified && <VerifyEmailNotice email={session.user.email} reason={t('apiKeys.verifyFirst')} />}

      {keys.isPending && <PageSpinner label={t('common.loading')} />}
      {keys.isError && <Alert tone="error">{errorText(keys.error)}</Alert>}
      {keys.isSuccess && keys.data.length === 0 && (
        <p className="rounded-2xl border border-dashed border-neutral-300 p-10 text-center text-sm text-neutral-500">
          {t('apiKeys.empty')}
        </p>
      )}
      {keys.isSuccess && keys.data.length > 0 && (
        <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200">
          {keys.data.map((key) => (
            <ApiKeyItem
              key={key.key_id}
              apiKey={key}
              onEdit={() => setOpen({ kind: 'edit', key })}
              onDelete={() => setOpen({ kind: 'delete', key })}
            />
          ))}
        </ul>
      )}

      {open?.kind === 'create' && (
        <KeyDialog
          onClose={close}
          onCreated={(created) => {
            toast({ title: t('apiKeys.created'), tone: 'success' })
            setOpen({ kind: 'new', secret: created.api_key })
          }}
        />
      )}
      {open?.kind === 'edit' && <KeyDialog apiKey={open.key} onClose={close} />}
      {open?.kind === 'delete' && <DeleteKeyDialog apiKey={open.key} onClose={close} />}
      {open?.kind === 'new' && <NewKeyDialog apiKey={open.secret} onClose={close} />}
    </div>
  )
}
