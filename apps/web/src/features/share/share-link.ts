/** Share links are shown cut to 38 characters, with an ellipsis. */
export const SHARE_LINK_DISPLAY_MAX = 38

export function truncateLink(link: string, max = SHARE_LINK_DISPLAY_MAX): string {
  return link.length > max ? `${link.slice(0, max)}…` : link
}
