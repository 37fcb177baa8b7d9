import { z } from 'zod'
import {
  grantCodeBody,
  grantSession,
  grantSessionBody,
  grantSettings,
  postGrantBody,
  subscriptionInfo,
} from './billing.schemas.js'
import {
  type BillingApp,
  type BillingRouteKit,
  type BillingRoutesDeps,
  config,
  tags,
} from './billing-routes-deps.js'

/** Grant offers: accepting one, converting a paying workspace, and what follows the grant. */
export function grantRoutes(app: BillingApp, deps: BillingRoutesDeps, kit: BillingRouteKit): void {
  const { grants } = deps
  const { admin, caller } = kit
  app.post(
    '/create-grant-acceptance-session',
    {
      ...admin,
      schema: {
        tags,
        summary: 'The page where a grant offer is accepted',
        body: grantCodeBody,
        response: { 200: z.object({ url: z.string(), session_id: z.string() }) },
      },
    },
    async (request) =>
      grants.createAcceptanceSession(caller(request), deps.originFor(request), request.body.grant_code),
  )

  app.post(
    '/convert-paying-workspace-to-grant',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Move a paying workspace onto an accepted grant; its paid plan follows the grant',
        body: grantSessionBody,
        response: { 200: subscriptionInfo },
      },
    },
    async (request) => grants.convertPayingWorkspace(caller(request).workspaceId, request.body.session_id),
  )

  app.post(
    '/set-post-grant-subscription',
    {
      ...admin,
      schema: {
        tags,
        summary: 'The subscription that follows the grant',
        body: postGrantBody,
        response: { 200: grantSettings },
      },
    },
    async (request) => grants.setPostGrantSubscription(caller(request).workspaceId, request.body),
  )

  const sessionParams = z.object({ session_id: z.string().min(1).max(100) })
  app.get(
    '/v1/billing/grant-sessions/:session_id',
    {
      config,
      schema: {
        tags,
        summary: 'A grant acceptance session',
        params: sessionParams,
        response: { 200: grantSession },
      },
    },
    async (request) => grants.describeSession(caller(request).workspaceId, request.params.session_id),
  )
  app.post(
    '/v1/billing/grant-sessions/:session_id/accept',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Accept the grant (a paying workspace converts instead)',
        params: sessionParams,
        response: { 200: subscriptionInfo },
      },
    },
    async (request) => grants.accept(caller(request).workspaceId, request.params.session_id),
  )

  app.get(
    '/grant-end-subscription-settings',
    {
      config,
      schema: { tags, summary: 'What happens when the grant ends', response: { 200: grantSettings } },
    },
    async (request) => grants.endSettings(caller(request).workspaceId),
  )
}
