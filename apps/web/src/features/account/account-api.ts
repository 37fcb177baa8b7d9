// The account's own calls: locale, profile fields, deletion and the subscription summary.
import { client, settle } from '../../lib/api'
import type {
  EditUserMetadataRequest,
  EditUserMetadataResponse,
  SetLocaleResponse,
  Subscription,
} from '../../lib/api-types'

export const setUserLocale = (locale: string): Promise<SetLocaleResponse> =>
  settle(client.POST('/v1/user/set-locale', { body: { locale } }))
export const editUserMetadata = (body: EditUserMetadataRequest): Promise<EditUserMetadataResponse> =>
  settle(client.POST('/v1/user/edit-user-metadata', { body }))
export const deleteAccount = (email: string): Promise<null> =>
  settle(client.DELETE('/v1/user', { body: { email } }))

export const getSubscription = (): Promise<Subscription> => settle(client.GET('/v1/user/subscription'))
