-- Issue 26: the operator can now change Free's capacities (npm run plans -- limits), so its description no longer names them; an operator's own wording is kept.
UPDATE "plans" SET "description" = 'Try Hubbub at no charge.' WHERE "plan" = 'Free' AND "description" = 'Try Hubbub with one event and one flyer.';
