import * as Menu from '@radix-ui/react-dropdown-menu'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../components/icon'

export type RowAction = { label: string; onSelect: () => void; danger?: boolean }

/** The "more" menu of a list row. */
export function RowMenu({ label, actions }: { label: string; actions: RowAction[] }) {
  const { t } = useTranslation()
  if (actions.length === 0) return null
  return (
    <Menu.Root>
      <Menu.Trigger
        aria-label={t('workspace.actionsFor', { name: label })}
        className="inline-flex size-9 items-center justify-center rounded-lg text-neutral-600 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-accent-600 data-[state=open]:bg-neutral-100"
      >
        <Icon name="more" className="size-5" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-48 rounded-xl border border-neutral-200 bg-white p-1 shadow-lg"
        >
          {actions.map((action) => (
            <Menu.Item
              key={action.label}
              onSelect={action.onSelect}
              className={`flex cursor-default rounded-lg px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-neutral-100 ${
                action.danger ? 'text-red-700' : 'text-neutral-800'
              }`}
            >
              {action.label}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  )
}

const BADGES = {
  neutral: 'bg-neutral-100 text-neutral-700',
  accent: 'bg-accent-50 text-accent-700',
  warning: 'bg-amber-50 text-amber-800',
  danger: 'bg-red-50 text-red-700',
  success: 'bg-emerald-50 text-emerald-700',
} as const

export function Badge({ tone = 'neutral', children }: { tone?: keyof typeof BADGES; children: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${BADGES[tone]}`}
    >
      {children}
    </span>
  )
}
