/**
 * Which server module owns (alone writes) each table. A new table gets a line here
 * in the same change that adds it to apps/server/src/db/schema.ts.
 */
export const TABLE_OWNERS = {
  tenants: 'tenants',
  users: 'users',
  user_follows: 'users',
  user_blocks: 'users',
  user_secrets: 'auth',
  sessions: 'auth',
  refresh_tokens: 'auth',
  events: 'events',
  event_tags: 'events',
  event_versions: 'events',
  tags: 'tags',
  event_links: 'event-links',
  cities: 'geo',
  flyers: 'flyers',
  timelines: 'launches',
  launch_transitions: 'launches',
  external_auth_requests: 'external-auth',
  external_identities: 'external-auth',
  session_provider_tokens: 'external-auth',
  plans: 'account',
  add_ons: 'account',
  subscriptions: 'billing',
  billing_events: 'billing',
  project_documents: 'project-documents',
  project_document_revisions: 'project-documents',
  project_document_images: 'project-documents',
  reports: 'moderation',
  audit_log: 'moderation',
};
