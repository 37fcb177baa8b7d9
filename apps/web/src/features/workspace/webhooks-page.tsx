import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Badge } from '../../components/badge'
import { Button } from '../../components/button'
import { Modal, ModalActions } from '../../components/modal'
import { Switch } from '../../components/switch'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { formatDateTime } from '../../lib/format-date'
import { AdminOnly, EmptyState, QueryState, SectionHeader } from './admin-only'
import { SecretOnceDialog } from './secret-once'
import { WebhookDialog } from './webhook-dialog'
import { deleteWebhook, testWebhook, updateWebhook, type Webhook } from './workspace-api'
import { useDeliveries, useWebhooks, useWorkspaceMutation, workspaceKeys } from './workspace-queries'

const refresh = [workspaceKeys.webhooks] as const

/** Webhooks: create (HTTPS only), switch on and off, send a test event, read the delivery log. */
export function WebhooksPage() {
  return (
    <AdminOnly>
      <WebhooksBody />
    </AdminOnly>
  )
}

function WebhooksBody() {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const webhooks = useWebhooks()
  const [creating, setCreating] = useState(false)
  const [secret, setSecret] = useState<string | null>(null)
  const [log, setLog] = useState<Webhook | null>(null)
  const toggle = useWorkspaceMutation(
    ({ hook, enabled }: { hook: Webhook; enabled: boolean }) =>
      updateWebhook(hook.webhook_id, { name: hook.name, is_disabled: !enabled }),
    refresh,
  )
  const test = useWorkspaceMutation(testWebhook, refresh)
  const remove = useWorkspaceMutation(deleteWebhook, refresh)
  const error = toggle.error ?? test.error ?? remove.error
  return (
    <div>
      <SectionHeader
        title={t('workspace.sections.webhooks')}
        subtitle={t('workspace.webhooks.subtitle')}
        action={<Button onClick={() => setCreating(true)}>{t('workspace.webhooks.create')}</Button>}
      />
      {error && (
        <Alert tone="error" className="mb-4">
          {errorText(error)}
        </Alert>
      )}
      <QueryState query={webhooks}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState>{t('workspace.webhooks.empty')}</EmptyState>
          ) : (
            <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200">
              {list.map((hook) => {
                const enabled = !hook.is_disabled && !hook.is_auto_disabled
                return (
                  <li
                    key={hook.webhook_id}
                    className="flex flex-wrap items-center gap-3 px-4 py-3"
                    data-testid="webhook-row"
                  >
                    <div className="min-w-40 flex-1">
                      <p className="truncate text-sm font-medium text-neutral-900">{hook.name}</p>
                      <p className="truncate font-mono text-xs text-neutral-500">{hook.webhook_url}</p>
                    </div>
                    <Badge>{t(`workspace.webhooks.authShort.${hook.auth_type}`)}</Badge>
                    {hook.is_auto_disabled && (
                      <Badge tone="danger">{t('workspace.webhooks.autoDisabled')}</Badge>
                    )}
                    <Switch
                      label={t('workspace.webhooks.enabled', { name: hook.name })}
                      checked={enabled}
                      onChange={(on) => toggle.mutate({ hook, enabled: on })}
                    />
                    <div className="flex gap-1">
                      <Button
                        variant="secondary"
                        onClick={() =>
                          test.mutate(hook.webhook_id, {
                            onSuccess: () =>
                              toast({ title: t('workspace.webhooks.testSent'), tone: 'success' }),
                          })
                        }
                      >
                        {t('workspace.webhooks.sendTest')}
                      </Button>
                      <Button variant="ghost" onClick={() => setLog(hook)}>
                        {t('workspace.webhooks.deliveries')}
                      </Button>
                      <Button variant="ghost" onClick={() => remove.mutate(hook.webhook_id)}>
                        {t('common.delete')}
                      </Button>
                    </div>
                  </li>
                )
              })}
            </ul>
          )
        }
      </QueryState>
      {creating && (
        <WebhookDialog
          onClose={() => setCreating(false)}
          onCreated={(value) => {
            setCreating(false)
            setSecret(value)
          }}
        />
      )}
      {secret && (
        <SecretOnceDialog
          title={t('workspace.webhooks.secretTitle')}
          secret={secret}
          onClose={() => setSecret(null)}
        />
      )}
      {log && <DeliveryLog hook={log} onClose={() => setLog(null)} />}
    </div>
  )
}

const STATUS_TONE = {
  delivered: 'success',
  failed: 'danger',
  retrying: 'warning',
  pending: 'neutral',
  skipped: 'neutral',
} as const

function DeliveryLog({ hook, onClose }: { hook: Webhook; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const deliveries = useDeliveries(hook.webhook_id)
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('workspace.webhooks.deliveriesOf', { name: hook.name })}
      width="md"
    >
      <QueryState query={deliveries}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState>{t('workspace.webhooks.noDeliveries')}</EmptyState>
          ) : (
            <ul className="divide-y divide-neutral-100" data-testid="delivery-log">
              {list.map((d) => (
                <li key={d.delivery_id} className="py-2 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="min-w-0 flex-1 truncate font-mono text-xs text-neutral-700">
                      {d.event_type}
                    </span>
                    <Badge tone={STATUS_TONE[d.status]}>{t(`workspace.webhooks.status.${d.status}`)}</Badge>
                    {d.response_code !== null && (
                      <span className="text-xs text-neutral-500">HTTP {d.response_code}</span>
                    )}
                  </div>
                  <p className="text-xs text-neutral-500">
                    {formatDateTime(d.created_at_unix, i18n.language)} ·{' '}
                    {t('workspace.webhooks.attempts', { count: d.attempts })}
                    {d.duration_ms !== null && ` · ${d.duration_ms} ms`}
                  </p>
                  {d.error && <p className="text-xs text-red-700">{d.error}</p>}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <ModalActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </ModalActions>
    </Modal>
  )
}
