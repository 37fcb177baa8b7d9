// Every call this server makes to another server goes through this module: the address rules,
// the URL check, resolving with every address checked, and requests pinned to the checked
// address (webhooks, token URLs, page imports, identity providers, and whatever comes next).
export { embeddedIpv4, isRefusedAddress } from './address-rules.js'
export { type CheckedFetch, createCheckedFetch, createCheckedLookup } from './checked-fetch.js'
export {
  type ClientCertificate,
  type OutboundRequest,
  type OutboundResponse,
  sendOutbound,
} from './https-request.js'
export {
  hostOf,
  type OutboundErrors,
  type OutboundPolicy,
  parseOutboundUrl,
  WEBHOOK_ERRORS,
} from './outbound-policy.js'
export { type FetchedPage, fetchPage } from './page-fetch.js'
export { type ResolvedTarget, resolveOutboundTarget } from './resolve-target.js'
