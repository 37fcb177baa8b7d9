// The TwiML that connects a phone call to an agent: Twilio opens a media stream (a WebSocket) to
// this server and passes the parameters to it in its `start` message. The conversation token
// among them is what lets that socket in: Twilio sends no API key, so the token (signed, naming
// the agent, its workspace and who placed or registered the call, expiring) is the credential.

export interface CallFacts {
  from: string
  to: string
  direction: 'inbound' | 'outbound'
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  )

/** Where Twilio streams a call's audio, from this server's http(s) address. */
export function mediaStreamUrl(siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, '').replace(/^http/, 'ws')}/v1/convai/twilio/media-stream`
}

export function agentStreamTwiml(input: {
  siteUrl: string
  agentId: string
  token: string
  call: CallFacts
}): string {
  const parameters: Record<string, string> = {
    agent_id: input.agentId,
    token: input.token,
    caller_id: input.call.from,
    called_number: input.call.to,
    direction: input.call.direction,
  }
  const tags = Object.entries(parameters)
    .map(([name, value]) => `<Parameter name="${escapeXml(name)}" value="${escapeXml(value)}"/>`)
    .join('')
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="${escapeXml(mediaStreamUrl(input.siteUrl))}">${tags}</Stream></Connect></Response>`
}
