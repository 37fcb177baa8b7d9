// The part of the `sip` package (a SIP stack: transports, transactions, message parsing and
// digest authentication, shipped without types) the SIP trunk calls use.
declare module 'sip' {
  export interface SipUri {
    schema?: string
    user?: string
    host: string
    port?: number
    params: Record<string, string | null>
  }
  export interface SipAddress {
    uri: string
    params?: Record<string, string | null>
  }
  export interface SipHeaders {
    via?: Array<{ host?: string; port?: number; params: Record<string, string | null> }>
    to?: SipAddress
    from?: SipAddress
    'call-id'?: string
    cseq?: { method: string; seq: number }
    contact?: SipAddress[]
    [name: string]: unknown
  }
  export interface SipMessage {
    method?: string
    uri?: string | SipUri
    status?: number
    reason?: string
    version?: string
    headers: SipHeaders
    content?: string
  }
  export interface SipStack {
    send(message: SipMessage, callback?: (response: SipMessage) => void): void
    destroy(): void
  }
  export interface SipOptions {
    port?: number
    address?: string
    publicAddress?: string
    hostname?: string
    udp?: boolean
    tcp?: boolean
    logger?: { error?(error: unknown): void }
  }
  export function create(
    options: SipOptions,
    onRequest: (request: SipMessage, remote: object) => void,
  ): SipStack
  export function makeResponse(request: SipMessage, status: number, reason?: string): SipMessage
  export function parseUri(uri: string): SipUri
  export function stringifyUri(uri: SipUri): string
  export function generateBranch(): string
}

declare module 'sip/digest.js' {
  import type { SipMessage } from 'sip'
  export interface DigestContext {
    realm?: string
    [key: string]: unknown
  }
  export function signRequest(
    context: DigestContext | null,
    request: SipMessage,
    response: SipMessage,
    credentials: { user: string; password: string },
  ): DigestContext | null
  export function challenge(context: DigestContext, response: SipMessage): SipMessage
  export function authenticateRequest(
    context: DigestContext,
    request: SipMessage,
    credentials: { user: string; password: string },
  ): boolean
}
