import { PLAN_LIMITS } from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { SubscriptionRow } from '../billing/billing.module.js'
import type { DomainModule } from '../domain-module.js'
import { createNotificationsRepository } from './notifications.repository.js'
import { notificationsRoutes } from './notifications.routes.js'
import { createNotificationsService, type NotificationInput } from './notifications.service.js'

export type { NotificationInput }

export interface NotificationsPorts {
  /** Sends a user a notification; with a dedupe key, a repeated call for the same occasion adds nothing. */
  notify(userId: string, input: NotificationInput, trx?: Transaction<DB>): Promise<boolean>
  /** The first message of a new account, written in the sign-up transaction. */
  welcome(trx: Transaction<DB>, user: { userId: string; firstName: string | null }): Promise<void>
}

/** Notifications: messages for a user with read state; the credit warnings are produced here. */
export function createNotificationsModule(deps: {
  db: Database
  subscription: (workspaceId: string) => Promise<SubscriptionRow | undefined>
}): DomainModule<NotificationsPorts> {
  const repository = createNotificationsRepository(deps.db)
  const service = createNotificationsService({ repository, subscription: deps.subscription })
  return {
    name: 'notifications',
    routes: notificationsRoutes(service),
    ports: {
      notify: service.notify,
      welcome: async (trx, user) => {
        const credits = PLAN_LIMITS.free.characterLimit
        await service.notify(
          user.userId,
          {
            kind: 'welcome',
            severity: 'info',
            title: 'Welcome to Timbre',
            description: `Your free plan includes ${credits.toLocaleString('en-US')} credits a month. Start with text to speech, or follow the onboarding checklist on your home page.`,
            params: { credits, ...(user.firstName ? { first_name: user.firstName } : {}) },
            dedupeKey: 'welcome',
          },
          trx,
        )
      },
    },
  }
}
