/** A round avatar for a voice: its initial on a colour picked from the voice id. */
const HUES = [277, 200, 160, 25, 330, 50, 240, 300]

export function VoiceAvatar({
  id,
  name,
  size = 'md',
}: {
  id: string | null
  name: string | null
  size?: 'xs' | 'sm' | 'md'
}) {
  let hash = 0
  for (const ch of id ?? name ?? '') hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  const hue = HUES[hash % HUES.length] ?? 277
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-full font-semibold text-[#fff] uppercase ${
        size === 'xs' ? 'size-5 text-[10px]' : size === 'sm' ? 'size-8 text-xs' : 'size-10 text-sm'
      }`}
      style={{ background: `linear-gradient(135deg, oklch(0.68 0.16 ${hue}), oklch(0.5 0.2 ${hue + 40}))` }}
    >
      {(name ?? '?').trim().slice(0, 1)}
    </span>
  )
}
