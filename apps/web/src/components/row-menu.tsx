import * as Menu from '@radix-ui/react-dropdown-menu'
import { Icon } from './icon'

export type RowAction = { label: string; onSelect: () => void; danger?: boolean }

/**
 * The "more" menu at the end of a list row. Radix gives it the menu keyboard (Enter, Space and the
 * arrows open it and move through it, Escape and a click outside close it and focus returns to the
 * trigger). `label` names the trigger for screen readers, e.g. "Actions for Ada".
 */
export function RowMenu({ label, actions }: { label: string; actions: readonly RowAction[] }) {
  if (actions.length === 0) return null
  return (
    <Menu.Root>
      <Menu.Trigger
        aria-label={label}
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
