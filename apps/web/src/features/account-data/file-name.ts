const pad = (n: number) => String(n).padStart(2, '0');

/** hubbub-my-data-YYYY-MM-DD.json, on the person's own calendar day. */
export function myDataFileName(now: Date): string {
  return `hubbub-my-data-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}
