// The local mailbox.
import { client, settle } from '../../lib/api'
import type { MailboxList } from '../../lib/api-types'

export const listMailbox = (): Promise<MailboxList> => settle(client.GET('/v1/local-mailbox'))
