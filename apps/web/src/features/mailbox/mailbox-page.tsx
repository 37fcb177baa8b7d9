import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { CenteredLayout } from '../../components/centered-layout'
import { PageSpinner } from '../../components/spinner'
import { useErrorText } from '../../i18n/use-error-text'
import { ApiError } from '../../lib/api-error'
import { routes } from '../../routes'
import { listMailbox } from './mailbox-api'
import { MessageItem } from './message-item'

/** The local outbox, for installations without SMTP: their mail is read here. */
export function MailboxPage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const mail = useQuery({
    queryKey: ['local-mailbox'],
    queryFn: listMailbox,
    // New mail (a resent link) shows up without a reload.
    refetchInterval: 5000,
    retry: false,
  })
  const smtp = mail.error instanceof ApiError && mail.error.status === 404
  const messages = [...(mail.data?.messages ?? [])].sort((a, b) => b.created_at_unix - a.created_at_unix)

  return (
    <CenteredLayout wide>
      <div className="flex flex-wrap items-end justify-between gap-4 pt-6 sm:pt-10">
        <div className="max-w-xl">
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('mailbox.title')}</h1>
          <p className="mt-2 text-sm text-neutral-600">{t('mailbox.subtitle')}</p>
        </div>
        <Button
          variant="secondary"
          loading={mail.isFetching && !mail.isPending}
          onClick={() => void mail.refetch()}
        >
          {t('mailbox.refresh')}
        </Button>
      </div>
      <Link
        to={routes.signIn}
        className="mt-3 inline-block text-sm font-medium text-accent-700 hover:underline"
      >
        {t('common.backToSignIn')}
      </Link>
      <div className="mt-6 space-y-4">
        {mail.isPending && <PageSpinner label={t('common.loading')} />}
        {smtp && <Alert>{t('mailbox.smtpConfigured')}</Alert>}
        {mail.isError && !smtp && <Alert tone="error">{errorText(mail.error)}</Alert>}
        {mail.isSuccess && messages.length === 0 && (
          <p className="rounded-xl border border-dashed border-neutral-300 p-8 text-center text-sm text-neutral-500">
            {t('mailbox.empty')}
          </p>
        )}
        {messages.map((message) => (
          <MessageItem key={message.id} message={message} />
        ))}
      </div>
    </CenteredLayout>
  )
}
