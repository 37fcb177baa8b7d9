import * as Menu from '@radix-ui/react-dropdown-menu'
import { useTranslation } from 'react-i18next'
import { LOCALE_NAMES, SUPPORTED_LOCALES } from '../i18n/locales'
import { useLocale } from '../i18n/use-locale'

/** `compact` hides the language name on narrow screens (the app header). */
export function LocalePicker({
  align = 'end',
  compact = false,
}: {
  align?: 'start' | 'end'
  compact?: boolean
}) {
  const { t } = useTranslation()
  const { locale, choose } = useLocale()
  return (
    <Menu.Root>
      <Menu.Trigger
        aria-label={t('common.language')}
        className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm text-neutral-700 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-accent-600 data-[state=open]:bg-neutral-100"
      >
        <svg viewBox="0 0 20 20" className="size-4 text-neutral-500" fill="none" aria-hidden="true">
          <circle cx="10" cy="10" r="7.25" stroke="currentColor" strokeWidth="1.5" />
          <path
            d="M2.75 10h14.5M10 2.75c2 2.2 2.9 4.6 2.9 7.25S12 15.05 10 17.25C8 15.05 7.1 12.65 7.1 10S8 4.95 10 2.75Z"
            stroke="currentColor"
            strokeWidth="1.5"
          />
        </svg>
        <span className={compact ? 'hidden sm:inline' : undefined}>{LOCALE_NAMES[locale]}</span>
        <svg viewBox="0 0 16 16" className="size-3.5 text-neutral-400" aria-hidden="true">
          <path d="M4 6l4 4 4-4" stroke="currentColor" strokeWidth="1.5" fill="none" strokeLinecap="round" />
        </svg>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align={align}
          sideOffset={6}
          className="z-50 min-w-44 rounded-xl border border-neutral-200 bg-white p-1 shadow-lg"
        >
          <Menu.RadioGroup value={locale} onValueChange={(value) => void choose(value)}>
            {SUPPORTED_LOCALES.map((code) => (
              <Menu.RadioItem
                key={code}
                value={code}
                lang={code}
                className="flex cursor-default items-center justify-between gap-4 rounded-lg px-2.5 py-2 text-sm text-neutral-800 outline-none data-[highlighted]:bg-neutral-100"
              >
                {LOCALE_NAMES[code]}
                <Menu.ItemIndicator>
                  <svg viewBox="0 0 16 16" className="size-4 text-accent-600" aria-hidden="true">
                    <path
                      d="M3.5 8.5l3 3 6-7"
                      stroke="currentColor"
                      strokeWidth="1.75"
                      fill="none"
                      strokeLinecap="round"
                    />
                  </svg>
                </Menu.ItemIndicator>
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  )
}
