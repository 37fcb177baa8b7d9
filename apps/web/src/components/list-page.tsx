import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert } from './alert'
import { PageSpinner } from './spinner'

/** The bordered, divided list the create-and-list pages show their items in. */
export const rowListClass = 'divide-y divide-neutral-200 rounded-2xl border border-neutral-200'

type Props<T> = {
  /** Above the heading: links between the pages of one settings section. */
  nav?: ReactNode
  title: string
  subtitle?: ReactNode
  /** Under the subtitle: a link to a related page. */
  intro?: ReactNode
  /** Beside the heading: the page's main button (null keeps the row when the button is hidden). */
  actions?: ReactNode
  /** Between the heading and the list: the create form, notices, filters. */
  children?: ReactNode
  loading: boolean
  /** The load failure, already worded; the list is not shown with it. */
  error: string | null
  /** Undefined until the first page arrives. */
  items: readonly T[] | undefined
  empty: ReactNode
  /** Extra classes of the empty state (a narrower page). */
  emptyClassName?: string
  renderItems: (items: readonly T[]) => ReactNode
  /** The foot of an infinitely scrolling list (see LoadMore). */
  footer?: ReactNode
}

/**
 * The layout of a page that lists the workspace's things and makes new ones: heading, the form
 * and notices, then a spinner, the error, the empty state or the list.
 */
export function ListPage<T>(props: Props<T>) {
  const { t } = useTranslation()
  const heading = (
    <div className="max-w-2xl">
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{props.title}</h1>
      {props.subtitle && <p className="mt-1 text-sm text-neutral-600">{props.subtitle}</p>}
      {props.intro}
    </div>
  )
  const items = props.error === null ? props.items : undefined
  return (
    <div className="space-y-6">
      {props.nav}
      {props.actions !== undefined ? (
        <div className="flex flex-wrap items-start justify-between gap-4">
          {heading}
          {props.actions}
        </div>
      ) : (
        heading
      )}
      {props.children}
      {props.loading && <PageSpinner label={t('common.loading')} />}
      {props.error !== null && <Alert tone="error">{props.error}</Alert>}
      {items && items.length === 0 && (
        <p
          className={`${props.emptyClassName ? `${props.emptyClassName} ` : ''}rounded-2xl border border-dashed border-neutral-300 p-10 text-center text-sm text-neutral-500`}
        >
          {props.empty}
        </p>
      )}
      {items && items.length > 0 && props.renderItems(items)}
      {props.footer}
    </div>
  )
}

/** A list row that opens the item: its name, and a line of facts on the right. */
export function LinkRow({
  to,
  name,
  facts,
  factsClassName,
}: {
  to: string
  name: string
  facts: ReactNode
  factsClassName?: string
}) {
  return (
    <li>
      <Link
        to={to}
        className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-accent-600"
      >
        <span className="font-medium text-neutral-900">{name}</span>
        <span className={`text-sm text-neutral-500${factsClassName ? ` ${factsClassName}` : ''}`}>
          {facts}
        </span>
      </Link>
    </li>
  )
}
