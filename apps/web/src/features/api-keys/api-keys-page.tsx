import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/button'
import { ListPage, rowListClass } from '../../components/list-page'
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
    <ListPage
      title={t('apiKeys.title')}
      subtitle={t('apiKeys.subtitle')}
      actions={
        verified ? <Button onClick={() => setOpen({ kind: 'create' })}>{t('apiKeys.create')}</Button> : null
      }
      loading={keys.isPending}
      error={keys.isError ? errorText(keys.error) : null}
      items={keys.data}
      empty={t('apiKeys.empty')}
      renderItems={(list) => (
        <ul className={rowListClass}>
          {list.map((key) => (
            <ApiKeyItem
              key={key.key_id}
              apiKey={key}
              onEdit={() => setOpen({ kind: 'edit', key })}
              onDelete={() => setOpen({ kind: 'delete', key })}
            />
          ))}
        </ul>
      )}
      footer={
        <>
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
        </>
      }
    >
      {/* An unverified email cannot create keys; say why instead of a dead button. */}
      {!verified && <VerifyEmailNotice email={session.user.email} reason={t('apiKeys.verifyFirst')} />}
    </ListPage>
  )
}
