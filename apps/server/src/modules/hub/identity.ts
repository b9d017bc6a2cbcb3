/**
 * Who a connection belongs to, as the app's authenticate function answers it. Declared
 * here so the framework needs nothing of the app; the app's own identity type has the
 * same shape.
 */
export interface HubIdentity {
  userId: string;
  sessionId: string;
  tenant: { id: string; key: string };
  roles: string[];
}
