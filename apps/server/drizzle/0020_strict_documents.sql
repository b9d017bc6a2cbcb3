-- Issue 22: bodies stored before the strict content rules get 0; the server brings them to the strict form at start
-- (apps/server/src/modules/project-documents/stored-content.ts), in TypeScript: the rules are the contract's, and pictures
-- depend on S3_PUBLIC_URL, which SQL cannot know.
ALTER TABLE "project_document_revisions" ADD COLUMN "content_rules" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "project_documents" ADD COLUMN "content_rules" integer DEFAULT 0 NOT NULL;