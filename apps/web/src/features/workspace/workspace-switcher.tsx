import * as Menu from '@radix-ui/react-dropdown-menu'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../components/icon'
import { switchWorkspace } from './workspace-api'
import { useMyWorkspaces } from './workspace-queries'

/**
 * The workspaces the user belongs to. Switching makes another one current on the server and
 * reloads the page, so every screen and cache starts afresh in the other workspace.
 */
export function WorkspaceSwitcher() {
  const { t } = useTranslation()
  const workspaces = useMyWorkspaces()
  const list = workspaces.data ?? []
  if (list.length < 2) return null
  const current = list.find((w) => w.is_current)
  const choose = async (id: string) => {
    try {
      await switchWorkspace(id)
    } finally {
      window.location.reload()
    }
  }
  return (
    <Menu.Root>
      <Menu.Trigger
        aria-label={t('workspace.switcher.label', { name: current?.name ?? '' })}
        className="inline-flex h-9 max-w-56 shrink-0 items-center gap-1 rounded-lg px-1.5 text-sm text-neutral-800 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-accent-600 data-[state=open]:bg-neutral-100 sm:gap-1.5 sm:px-2"
      >
        {/* A phone's header has room for the initial only; the menu shows the full names. */}
        <span
          aria-hidden="true"
          className="flex size-6 items-center justify-center rounded-md bg-neutral-200 text-xs font-semibold text-neutral-700 uppercase sm:hidden"
        >
          {current?.name.slice(0, 1)}
        </span>
        <span className="hidden truncate font-medium sm:inline">{current?.name}</span>
        <Icon name="chevronDown" className="size-4 shrink-0 text-neutral-500" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={6}
          className="z-50 w-64 rounded-xl border border-neutral-200 bg-white p-1 shadow-lg"
        >
          <Menu.Label className="px-2.5 py-1.5 text-xs text-neutral-500">
            {t('workspace.switcher.title')}
          </Menu.Label>
          {list.map((w) => (
            <Menu.Item
              key={w.workspace_id}
              disabled={w.is_current || w.state !== 'enabled'}
              onSelect={() => void choose(w.workspace_id)}
              className="flex cursor-default items-center gap-2 rounded-lg px-2.5 py-2 text-sm text-neutral-800 outline-none data-[disabled]:opacity-60 data-[highlighted]:bg-neutral-100"
            >
              <span className="min-w-0 flex-1 truncate">{w.name}</span>
              <span className="text-xs text-neutral-500">{t(`workspace.roles.${w.role}`)}</span>
              {w.is_current && <Icon name="check" className="size-4 text-accent-600" />}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  )
}
