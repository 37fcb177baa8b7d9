import { useTranslation } from 'react-i18next'
import { TEST_CARDS } from './card-number'

/** The local provider's test cards; choosing one fills the card field. */
export function TestCardList({ onPick }: { onPick: (number: string) => void }) {
  const { t } = useTranslation()
  return (
    <div className="rounded-xl bg-neutral-50 p-3 text-xs text-neutral-600">
      <p className="font-medium text-neutral-800">{t('billing.checkout.testCards')}</p>
      <ul className="mt-1 space-y-1">
        {TEST_CARDS.map((c) => (
          <li key={c.key}>
            <button
              type="button"
              className="rounded font-mono text-neutral-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600"
              onClick={() => onPick(c.number)}
            >
              {c.number}
            </button>{' '}
            {t(`billing.checkout.${c.key}`)}
          </li>
        ))}
      </ul>
    </div>
  )
}
