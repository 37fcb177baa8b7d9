/** Text made safe to place in HTML text or a quoted attribute: the five special characters as numeric references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
