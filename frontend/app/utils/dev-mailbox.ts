/** `2025-01-31T09:05:00.000Z` → `2025-01-31 09:05:00 UTC`: the same on the server and in the browser. */
export function mailboxDate(iso: string): string {
  return `${iso.slice(0, 19).replace('T', ' ')} UTC`;
}
