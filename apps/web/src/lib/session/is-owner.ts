/** Spec 5: only the user whose name-identifier claim equals the event's userId may edit it. */
export function isOwner(sessionUserId: string | null | undefined, eventUserId: string): boolean {
  return Boolean(sessionUserId) && sessionUserId!.toLowerCase() === eventUserId.toLowerCase();
}
