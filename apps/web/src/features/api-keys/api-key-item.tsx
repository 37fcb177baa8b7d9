import * as Menu from '@radix-ui/react-dropdown-menu'
import { useTranslation } from 'react-i18next'
import { Switch } from '../../components/switch'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import type { ApiKey } from '../../lib/api-types'
import { formatCount } from '../../lib/format-count'
import { formatDate } from '../../lib/format-date'
import { isScope } from './scopes'
import { useUpdateApiKey } from './use-api-keys'

type Props = { apiKey: ApiKey; onEdit: () => void; onDelete: () => void }

const menuItem =
  'cursor-default rounded-lg px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-neutral-100'

export function ApiKeyItem({ apiKey, onEdit, onDelete }: Props) {
  const { t, i18n } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const update = useUpdateApiKey()
  const format = (n: number) => formatCount(n, i18n.language)
  const enabled = !apiKey.is_disabled

  const permissions =
    apiKey.permissions === null
      ? t('apiKeys.allPermissions')
      : t('apiKeys.restrictedCount', { number: apiKey.permissions.length })
  const scopeList = apiKey.permissions?.map((s) => (isScope(s) ? t(`apiKeys.scopes.${s}`) : s)).join(', ')
  const limit =
    apiKey.character_limit === null
      ? t('apiKeys.noLimit')
      : t('apiKeys.usage', { used: format(apiKey.character_count), limit: format(apiKey.character_limit) })
  const created = formatDate(apiKey.created_at_unix, i18n.language)

  const setEnabled = (on: boolean) =>
    update.mutate(
      { keyId: apiKey.key_id, body: { is_disabled: !on } },
      { onError: (error) => toast({ title: errorText(error), tone: 'error' }) },
    )

  return (
    <li className="flex items-start gap-4 px-4 py-4 sm:items-center sm:px-5">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className={`truncate font-medium ${enabled ? 'text-neutral-900' : 'text-neutral-500'}`}>
            {apiKey.name}
          </p>
          <code className="rounded bg-neutral-100 px-1.5 py-0.5 font-mono text-xs text-neutral-600">
            {apiKey.hint}
          </code>
          {!enabled && (
            <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs text-neutral-600">
              {t('apiKeys.disabled')}
            </span>
          )}
        </div>
        <dl className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-xs text-neutral-500">
          <div className="flex gap-1" title={scopeList}>
            <dt>{t('apiKeys.columns.permissions')}:</dt>
            <dd className="text-neutral-700">{permissions}</dd>
          </div>
          <div className="flex gap-1">
            <dt>{t('apiKeys.columns.creditLimit')}:</dt>
            <dd className="text-neutral-700">{limit}</dd>
          </div>
          <div className="flex gap-1">
            <dt>{t('apiKeys.columns.created')}:</dt>
            <dd className="text-neutral-700">{created}</dd>
          </div>
        </dl>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <Switch
          checked={
            update.isPending && update.variables?.body.is_disabled !== undefined
              ? !update.variables.body.is_disabled
              : enabled
          }
          onChange={setEnabled}
          disabled={update.isPending}
          label={t('apiKeys.enabledLabel', { name: apiKey.name })}
        />
        <Menu.Root>
          <Menu.Trigger
            aria-label={t('apiKeys.actionsLabel', { name: apiKey.name })}
            className="rounded-lg p-2 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800 focus-visible:outline-2 focus-visible:outline-accent-600"
          >
            <svg viewBox="0 0 16 16" className="size-4" fill="currentColor" aria-hidden="true">
              <circle cx="8" cy="3" r="1.4" />
              <circle cx="8" cy="8" r="1.4" />
              <circle cx="8" cy="13" r="1.4" />
            </svg>
          </Menu.Trigger>
          <Menu.Portal>
            <Menu.Content
              align="end"
              sideOffset={4}
              className="z-50 min-w-36 rounded-xl border border-neutral-200 bg-white p-1 shadow-lg"
            >
              <Menu.Item className={`${menuItem} text-neutral-800`} onSelect={onEdit}>
                {t('apiKeys.edit')}
              </Menu.Item>
              <Menu.Item className={`${menuItem} text-red-600`} onSelect={onDelete}>
                {t('common.delete')}
              </Menu.Item>
            </Menu.Content>
          </Menu.Portal>
        </Menu.Root>
      </div>
    </li>
  )
}
