import * as Menu from '@radix-ui/react-dropdown-menu'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, type IconName } from '../../components/icon'
import {
  followSystemTheme,
  saveThemeChoice,
  storedThemeChoice,
  THEME_CHOICES,
  type ThemeChoice,
} from './theme'

const ICONS: Record<ThemeChoice, IconName> = { system: 'monitor', light: 'sun', dark: 'moon' }

/** System, light or dark; the choice is kept in local storage. */
export function ThemeToggle() {
  const { t } = useTranslation()
  const [choice, setChoice] = useState<ThemeChoice>(storedThemeChoice)
  useEffect(() => followSystemTheme(), [])
  const choose = (value: string) => {
    const next = value as ThemeChoice
    setChoice(next)
    saveThemeChoice(next)
  }
  return (
    <Menu.Root>
      <Menu.Trigger
        aria-label={t('theme.label', { theme: t(`theme.${choice}`) })}
        className="inline-flex size-9 items-center justify-center rounded-lg text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent-600 data-[state=open]:bg-neutral-100"
      >
        <Icon name={ICONS[choice]} className="size-[18px]" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-40 rounded-xl border border-neutral-200 bg-white p-1 shadow-lg"
        >
          <Menu.Label className="px-2.5 pt-1.5 pb-1 text-xs font-medium text-neutral-500">
            {t('theme.title')}
          </Menu.Label>
          <Menu.RadioGroup value={choice} onValueChange={choose}>
            {THEME_CHOICES.map((value) => (
              <Menu.RadioItem
                key={value}
                value={value}
                className="flex cursor-default items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-neutral-800 outline-none data-[highlighted]:bg-neutral-100 data-[state=checked]:font-medium"
              >
                <Icon name={ICONS[value]} className="size-4 text-neutral-500" />
                {t(`theme.${value}`)}
                <Menu.ItemIndicator className="ml-auto">
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
