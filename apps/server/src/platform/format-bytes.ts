// Sizes as refusals say them to people: "20 MB", "1.5 MB", "64 KB" (a megabyte is 1024 KB).

const MiB = 1024 * 1024

export function formatBytes(bytes: number): string {
  if (bytes >= MiB) return `${Number((bytes / MiB).toFixed(1))} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}
