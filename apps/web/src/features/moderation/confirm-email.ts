/** Typing the address confirms a deletion; case and surrounding spaces do not count against it. */
export function emailConfirmed(typed: string, email: string): boolean {
  return typed.trim().length > 0 && typed.trim().toLowerCase() === email.trim().toLowerCase();
}
