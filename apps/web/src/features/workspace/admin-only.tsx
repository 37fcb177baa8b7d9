import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { PageSpinner } from '../../components/spinner'
import { useErrorText } from '../../i18n/use-error-text'
import { useWorkspaceAccess } from './workspace-queries'

/** Admin pages: a member sees why they cannot use the page instead of controls that fail. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const access = useWorkspaceAccess()
  if (access.isPending) return <PageSpinner label={t('common.loading')} />
  if (access.isError) return <Alert tone="error">{errorText(access.error)}</Alert>
  if (!access.data.is_admin) {
    return (
      <div
        className="rounded-2xl border border-dashed border-neutral-300 p-8 text-center"
        data-testid="admin-refused"
      >
        <p className="font-medium text-neutral-900">{t('workspace.adminOnly')}</p>
        <p className="mt-1 text-sm text-neutral-600">{t('workspace.adminOnlyHint')}</p>
      </div>
    )
  }
  return <>{children}</>
}

/** The title row of a settings page, with its main action. */
export function SectionHeader({
  title,
  subtitle,
  action,
}: {
  title: string
  subtitle?: string
  action?: ReactNode
}) {
  return (
    <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
      <div className="max-w-2xl">
        <h2 className="text-xl font-semibold tracking-tight text-neutral-900">{title}</h2>
        {subtitle && <p className="mt-1 text-sm text-neutral-600">{subtitle}</p>}
      </div>
      {action}
    </div>
  )
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed border-neutral-300 p-8 text-center text-sm text-neutral-500">
      {children}
    </p>
  )
}

/** Loading and failure of a list, then the list. */
export function QueryState<T>({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined }
  children: (data: T) => ReactNode
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  if (query.isPending) return <PageSpinner label={t('common.loading')} />
  if (query.isError || query.data === undefined) return <Alert tone="error">{errorText(query.error)}</Alert>
  return <>{children(query.data)}</>
}
