import * as Menu from '@radix-ui/react-dropdown-menu'
import { PLAYER_SPEEDS } from '@timbre/contract'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../components/icon'
import { formatSpeed } from './player-math'

export function SpeedMenu({ speed, onChange }: { speed: number; onChange: (speed: number) => void }) {
  const { t } = useTranslation()
  return (
    <Menu.Root>
      <Menu.Trigger
        aria-label={t('player.speed', { speed: formatSpeed(speed) })}
        className="inline-flex h-9 min-w-12 items-center justify-center rounded-lg px-2 text-xs font-semibold text-neutral-600 tabular-nums hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent-600 data-[state=open]:bg-neutral-100"
      >
        {formatSpeed(speed)}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          side="top"
          align="center"
          sideOffset={8}
          className="z-50 min-w-28 rounded-xl border border-neutral-200 bg-white p-1 shadow-lg"
        >
          <Menu.Label className="px-2.5 pt-1.5 pb-1 text-xs font-medium text-neutral-500">
            {t('player.speedTitle')}
          </Menu.Label>
          <Menu.RadioGroup value={String(speed)} onValueChange={(value) => onChange(Number(value))}>
            {PLAYER_SPEEDS.map((value) => (
              <Menu.RadioItem
                key={value}
                value={String(value)}
                className="flex cursor-default items-center justify-between gap-3 rounded-lg px-2.5 py-1.5 text-sm text-neutral-800 tabular-nums outline-none data-[highlighted]:bg-neutral-100"
              >
                {formatSpeed(value)}
                <Menu.ItemIndicator>
                  <Icon name="check" className="size-4 text-accent-600" />
                </Menu.ItemIndicator>
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  )
}
