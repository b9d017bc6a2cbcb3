import { sql, type SQL } from 'drizzle-orm';
import type { EventRole } from '@hubbub/contract';
import { prepareStatement, queryPrepared, queryRows, type Db, type PreparedStatement } from '../../db/client.js';
import { eventRoleOf as eventRole, iso, visibleTo } from '../../db/fragments.js';
import { EXCERPT_CHARS, EXCERPT_LEAD } from './snippet.js';

/**
 * The version of the content rules a stored body was last brought to (content_rules). 0: stored
 * before issue 22 made them strict (the column's default, also for rows written without this
 * code); stored-content.ts brings such rows to the strict form at start. Raise it with the rules.
 */
export const CONTENT_RULES = 1;

export interface DocumentRow {
  id: string;
  tenantId: string;
  userId: string;
  eventId: string | null;
  title: string;
  contentType: string;
  contentJson: string;
  visibility: 'private' | 'public';
  version: number;
  created: string;
  updated: string;
}

const COLUMNS = sql`d.id, d.tenant_id as "tenantId", d.user_id as "userId", d.event_id as "eventId", d.title, d.content_type as "contentType",
  d.content_json as "contentJson", d.visibility, d.version, ${iso(sql`d.created_at`)} as created, ${iso(sql`d.updated_at`)} as updated`;

export async function findDocument(db: Db, tenantId: string, id: string): Promise<DocumentRow | undefined> {
  const [row] = await queryRows<DocumentRow>(db, sql`select ${COLUMNS} from project_documents d where d.tenant_id = ${tenantId} and d.id = ${id}`);
  return row;
}

/** The row locked for an update in this transaction, so two saves of one version cannot both win. */
export async function lockDocument(db: Db, tenantId: string, id: string): Promise<(DocumentRow & { plainText: string; contentRules: number }) | undefined> {
  const [row] = await queryRows<DocumentRow & { plainText: string; contentRules: number }>(
    db,
    sql`select ${COLUMNS}, d.plain_text as "plainText", d.content_rules as "contentRules" from project_documents d where d.tenant_id = ${tenantId} and d.id = ${id} for update`,
  );
  return row;
}

export async function countDocuments(db: Db, tenantId: string, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from project_documents where tenant_id = ${tenantId} and user_id = ${userId}`);
  return row.n;
}

export interface DocumentWrite {
  eventId: string | null;
  title: string;
  contentType: string;
  contentJson: string;
  plainText: string;
  visibility: 'private' | 'public';
}

export async function insertDocument(db: Db, args: { tenantId: string; userId: string; write: DocumentWrite; now: Date }): Promise<DocumentRow> {
  const w = args.write;
  const [row] = await queryRows<DocumentRow>(
    db,
    sql`insert into project_documents as d (tenant_id, user_id, event_id, title, content_type, content_json, plain_text, content_rules, visibility, created_at, updated_at)
      values (${args.tenantId}, ${args.userId}, ${w.eventId}, ${w.title}, ${w.contentType}, ${w.contentJson}, ${w.plainText}, ${CONTENT_RULES}, ${w.visibility}, ${args.now.toISOString()}, ${args.now.toISOString()})
      returning ${COLUMNS}`,
  );
  return row;
}

export async function updateDocument(db: Db, args: { id: string; write: DocumentWrite; version: number; now: Date }): Promise<DocumentRow> {
  const w = args.write;
  const [row] = await queryRows<DocumentRow>(
    db,
    sql`update project_documents as d set event_id = ${w.eventId}, title = ${w.title}, content_type = ${w.contentType}, content_json = ${w.contentJson},
      plain_text = ${w.plainText}, content_rules = ${CONTENT_RULES}, visibility = ${w.visibility}, version = ${args.version}, updated_at = ${args.now.toISOString()}
      where d.id = ${args.id} returning ${COLUMNS}`,
  );
  return row;
}

export async function deleteDocument(db: Db, tenantId: string, id: string): Promise<void> {
  await queryRows(db, sql`delete from project_documents where tenant_id = ${tenantId} and id = ${id}`);
}

/** Keeps the version being replaced (with the rules its body was brought to), then the newest `keep` revisions only. */
export async function keepRevision(
  db: Db,
  args: { documentId: string; version: number; title: string; contentJson: string; plainText: string; contentRules: number; now: Date; keep: number },
): Promise<void> {
  await queryRows(
    db,
    sql`insert into project_document_revisions (document_id, version, title, content_json, plain_text, content_rules, created_at)
      values (${args.documentId}, ${args.version}, ${args.title}, ${args.contentJson}, ${args.plainText}, ${args.contentRules}, ${args.now.toISOString()})
      on conflict (document_id, version) do nothing`,
  );
  await queryRows(
    db,
    sql`delete from project_document_revisions where document_id = ${args.documentId} and version not in (
      select version from project_document_revisions where document_id = ${args.documentId} order by version desc limit ${args.keep})`,
  );
}

export interface RevisionRow {
  version: number;
  title: string;
  created: string;
  contentJson?: string;
  plainText?: string;
}

export function listRevisions(db: Db, documentId: string): Promise<RevisionRow[]> {
  return queryRows<RevisionRow>(
    db,
    sql`select version, title, ${iso(sql`created_at`)} as created from project_document_revisions where document_id = ${documentId} order by version desc`,
  );
}

export async function findRevision(db: Db, documentId: string, version: number): Promise<Required<RevisionRow> | undefined> {
  const [row] = await queryRows<Required<RevisionRow>>(
    db,
    sql`select version, title, content_json as "contentJson", plain_text as "plainText", ${iso(sql`created_at`)} as created
      from project_document_revisions where document_id = ${documentId} and version = ${version}`,
  );
  return row;
}

/** Whether the event exists in the tenant and this user hosts it. */
/** The viewer's part in the event (fragments.eventRoleOf): its host and co-hosts read its private documents too; only its host links one to it. */
export async function eventRoleOf(db: Db, args: { tenantId: string; eventId: string; viewerId: string | null }): Promise<EventRole | null> {
  if (!args.viewerId) return null;
  const [row] = await queryRows<{ role: EventRole | null }>(db, sql`select ${eventRole(args.viewerId)} as role from events e where e.tenant_id = ${args.tenantId} and e.id = ${args.eventId}`);
  return row?.role ?? null;
}

/**
 * An event's documents the viewer may read, when they may see the event (drafts of events stay
 * their host's): its public ones, and for its host and co-hosts the private ones too.
 */
export async function eventDocumentsOf(db: Db, args: { tenantId: string; eventId: string; viewerId: string | null; now: Date }): Promise<DocumentRow[] | undefined> {
  const team = args.viewerId ? sql`${eventRole(args.viewerId)} in ('host', 'co-host')` : sql`false`;
  const rows = await queryRows<DocumentRow & { id: string | null }>(
    db,
    sql`select ${COLUMNS} from events e left join project_documents d on d.event_id = e.id and (d.visibility = 'public' or ${team})
      where e.tenant_id = ${args.tenantId} and e.id = ${args.eventId} and ${visibleTo(args.viewerId, args.now)}
      order by d.title, d.id`,
  );
  if (!rows.length) return undefined;
  return rows.filter((r): r is DocumentRow => r.id !== null);
}

/** Whether a public document's event is visible to the viewer. */
export async function eventVisible(db: Db, args: { tenantId: string; eventId: string; viewerId: string | null; now: Date }): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from events e where e.tenant_id = ${args.tenantId} and e.id = ${args.eventId} and ${visibleTo(args.viewerId, args.now)}`);
  return rows.length > 0;
}

export interface SearchArgs {
  tenantId: string;
  userId: string;
  text: string;
  eventId: string | null;
  orderBy: 'Updated' | 'Title' | 'Relevance';
  descending: boolean;
  limit: number;
  offset: number;
}

export interface HitRow {
  id: string;
  eventId: string | null;
  title: string;
  visibility: 'private' | 'public';
  version: number;
  updated: string;
  /** About EXCERPT_CHARS of the body, around its first hit when there is text. */
  excerpt: string;
  cutStart: boolean;
  cutEnd: boolean;
  total: number;
}

type Filter = Pick<SearchArgs, 'tenantId' | 'userId' | 'eventId' | 'text'>;
const v = (name: 'tenantId' | 'userId' | 'eventId' | 'text' | 'limit' | 'offset' | 'pattern') => sql`${sql.placeholder(name)}`;

/** The match conditions; `q` is the query made from the text. Only placeholders vary, so one shape is one statement. */
function matching(a: Pick<Filter, 'eventId' | 'text'>) {
  const conditions: SQL[] = [sql`d.tenant_id = ${v('tenantId')}::uuid`, sql`d.user_id = ${v('userId')}::uuid`];
  if (a.eventId) conditions.push(sql`d.event_id = ${v('eventId')}::uuid`);
  if (a.text) conditions.push(sql`d.search_text @@ q.query`);
  return { query: sql`websearch_to_tsquery('simple', ${v('text')}::text)`, where: sql.join(conditions, sql` and `) };
}

const statements = new Map<string, PreparedStatement>();
/** Prepared once per shape: planning the search cost about as much as running it (bench:documents). */
function statementOf(key: string, build: () => SQL): PreparedStatement {
  let statement = statements.get(key);
  if (!statement) statements.set(key, (statement = prepareStatement(build())));
  return statement;
}
const valuesOf = (a: Filter) => ({ tenantId: a.tenantId, userId: a.userId, eventId: a.eventId, text: a.text });

/** How many documents match, for a page past the last (which has no row to carry the count). */
export async function countMatches(db: Db, a: Filter): Promise<number> {
  const statement = statementOf(`count${+!!a.eventId}${+!!a.text}`, () => {
    const { query, where } = matching(a);
    return sql`with q as (select ${query} as query) select count(*)::int as n from project_documents d, q where ${where}`;
  });
  const [row] = await queryPrepared<{ n: number }>(db, statement, valuesOf(a));
  return row?.n ?? 0;
}

/**
 * The owner's documents, by full text over title (weighted higher) and body when there is text,
 * ranked; with an excerpt around the first hit. One pass over the matches gives the page and the count
 * (a window over all of them, taken before the limit); ts_rank rather than ts_rank_cd, which
 * reads every position of every hit.
 */
export function searchDocuments(db: Db, a: SearchArgs & { pattern: string | null }): Promise<HitRow[]> {
  // Ranks are computed only when they order the page: each reads a document's whole tsvector.
  const relevance = a.orderBy === 'Relevance' && !!a.text;
  const orderBy = relevance ? 'Relevance' : a.orderBy === 'Title' ? 'Title' : 'Updated';
  const statement = statementOf(`page${+!!a.eventId}${+!!a.text}${orderBy}${+a.descending}`, () => {
    const { query, where } = matching(a);
    const dir = a.descending ? sql`desc` : sql`asc`;
    const orderOf = (from: string) => {
      const c = (name: string) => sql.raw(`${from}${name}`);
      return orderBy === 'Title' ? sql`${c('t')} ${dir}, ${c('id')}` : orderBy === 'Relevance' ? sql`${c('r')} ${dir}, ${c('u')} desc, ${c('id')}` : sql`${c('u')} ${dir}, ${c('id')}`;
    };
    // The excerpt starts a little before the first whole-word hit (snippet.ts marks the words).
    const start = a.text
      ? sql`greatest(1, coalesce(nullif(regexp_instr(p.plain_text, ${v('pattern')}::text, 1, 1, 0, 'i'), 0), 1) - ${sql.raw(String(EXCERPT_LEAD))})`
      : sql`1`;
    return sql`with q as (select ${query} as query),
      page as (
        select d.id, lower(d.title) as t, d.updated_at as u, ${relevance ? sql`ts_rank(d.search_text, q.query)` : sql`0::real`} as r,
          count(*) over ()::int as total
        from project_documents d, q where ${where}
        order by ${orderOf('')} limit ${v('limit')}::int offset ${v('offset')}::int)
      select p.id, p.event_id as "eventId", p.title, p.visibility, p.version, ${iso(sql`p.updated_at`)} as updated, page.total,
        substr(p.plain_text, x.s, ${sql.raw(String(EXCERPT_CHARS))}) as excerpt, x.s > 1 as "cutStart", char_length(p.plain_text) >= x.s + ${sql.raw(String(EXCERPT_CHARS))} as "cutEnd"
      from page join project_documents p on p.id = page.id cross join lateral (select ${start} as s) x
      order by ${orderOf('page.')}`;
  });
  return queryPrepared<HitRow>(db, statement, { ...valuesOf(a), limit: a.limit, offset: a.offset, pattern: a.pattern });
}

export async function countImages(db: Db, documentId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from project_document_images where document_id = ${documentId}`);
  return row?.n ?? 0;
}

export async function insertImage(db: Db, documentId: string, path: string, now: Date): Promise<void> {
  await queryRows(db, sql`insert into project_document_images (document_id, path, created_at) values (${documentId}, ${path}, ${now})`);
}

export async function imagePaths(db: Db, documentId: string): Promise<string[]> {
  const rows = await queryRows<{ path: string }>(db, sql`select path from project_document_images where document_id = ${documentId}`);
  return rows.map((r) => r.path);
}

/** A stored body not yet brought to the given rules (a document's or a revision's). */
export interface UncheckedRow {
  id: string;
  /** The document's version (revisions: their own, which never changes). */
  version: number;
  contentJson: string;
}

const UNCHECKED = {
  documents: sql.raw('project_documents'),
  revisions: sql.raw('project_document_revisions'),
};

/** The next `limit` bodies of `table` stored under older rules, by id after `after`. */
export function uncheckedBodies(db: Db, args: { table: keyof typeof UNCHECKED; rules: number; after: string; limit: number }): Promise<UncheckedRow[]> {
  return queryRows<UncheckedRow>(
    db,
    sql`select id, version, content_json as "contentJson" from ${UNCHECKED[args.table]}
      where content_rules < ${args.rules} and id > ${args.after} order by id limit ${args.limit}`,
  );
}

/**
 * Stores a body brought to the rules, over the one it was made from only: a document saved
 * meanwhile (another version) keeps that save. Neither version nor updated_at change: nobody
 * edited it, and an editor open on it saves over it as usual.
 */
export async function storeCheckedBody(db: Db, args: { table: keyof typeof UNCHECKED; id: string; version: number; contentJson: string; plainText: string; rules: number }): Promise<void> {
  await queryRows(
    db,
    sql`update ${UNCHECKED[args.table]} set content_json = ${args.contentJson}, plain_text = ${args.plainText}, content_rules = ${args.rules}
      where id = ${args.id} and version = ${args.version} and content_rules < ${args.rules}`,
  );
}
