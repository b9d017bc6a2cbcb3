import { DOCUMENT_CONTENT_JSON_MAX, type DocumentVisibility, type ProjectDocument, type ProjectDocumentUpdate } from '@hubbub/contract';
import { hasCode, isApiError } from '@/lib/api';

/** What a person edits: everything a save sends besides the id and the version. */
export interface Draft {
  title: string;
  contentJson: string;
  eventId: string | null;
  visibility: DocumentVisibility;
}

export type SaveStatus =
  | { kind: 'saved'; at: Date | null }
  /** Changed, waiting for the pause in typing. */
  | { kind: 'pending' }
  | { kind: 'saving' }
  /** No answer from the server: kept here and sent again when the connection is back. */
  | { kind: 'offline' }
  /** Saved elsewhere since this editor's version; nothing is sent until the person chooses. */
  | { kind: 'conflict'; currentVersion: number }
  /** The server (or a check here) refused the draft; the next change tries again. */
  | { kind: 'invalid'; message: string }
  /** Anything else; tried again after a while. */
  | { kind: 'failed'; message: string };

export interface AutosaveOptions {
  id: string;
  version: number;
  draft: Draft;
  save: (input: ProjectDocumentUpdate) => Promise<ProjectDocument>;
  onSaved?: (doc: ProjectDocument) => void;
  /** The pause in typing before a save. */
  delayMs?: number;
  /** How long before trying again offline or after a failure. */
  retryMs?: number;
}

const same = (a: Draft, b: Draft) => a.title === b.title && a.contentJson === b.contentJson && a.eventId === b.eventId && a.visibility === b.visibility;

/** Why a draft cannot be saved as it is, before asking the server. */
export function draftProblem(draft: Draft): string | null {
  if (!draft.title.trim()) return 'Give the document a title to save it.';
  if (draft.contentJson.length > DOCUMENT_CONTENT_JSON_MAX) return 'The document is too long to save: split it into two.';
  if (draft.visibility === 'public' && !draft.eventId) return 'Choose the event first: a public document is shown on its page.';
  return null;
}

/**
 * Saves a document while it is edited: after a pause in typing, one save at a time, always the
 * newest draft, each naming the version it builds on. It never drops a change: offline or after a
 * failure it keeps the draft and tries again; on a conflict it waits for the person's choice.
 */
export class Autosaver {
  private status: SaveStatus = { kind: 'saved', at: null };
  private version: number;
  private draft: Draft;
  private saved: Draft;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight = false;
  private readonly listeners = new Set<() => void>();
  private disposed = false;

  constructor(private readonly options: AutosaveOptions) {
    this.version = options.version;
    this.draft = options.draft;
    this.saved = options.draft;
  }

  getStatus = (): SaveStatus => this.status;
  getVersion = (): number => this.version;
  /** True while something typed is not yet on the server. */
  hasUnsaved = (): boolean => !same(this.draft, this.saved);

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  change(draft: Draft): void {
    if (same(draft, this.draft)) return;
    this.draft = draft;
    if (this.status.kind === 'conflict') return;
    const problem = draftProblem(draft);
    if (problem) {
      this.clearTimer();
      this.set({ kind: 'invalid', message: problem });
      return;
    }
    if (!this.inFlight && this.status.kind !== 'offline') this.set({ kind: 'pending' });
    this.schedule(this.options.delayMs ?? 800);
  }

  /** Sends the newest draft now (leaving the page, the connection back). */
  flush = (): Promise<void> => this.run();

  /** "Keep mine": the person's draft goes over the version saved elsewhere (which stays in the history). */
  keepMine(currentVersion: number): Promise<void> {
    this.version = currentVersion;
    this.set({ kind: 'pending' });
    return this.run();
  }

  /** The document as loaded again, restored or taken from elsewhere: the editor now shows exactly this. */
  reset(doc: ProjectDocument): void {
    this.clearTimer();
    this.version = doc.version;
    this.draft = this.saved = { title: doc.title, contentJson: doc.contentJson, eventId: doc.eventId, visibility: doc.visibility };
    this.set({ kind: 'saved', at: new Date(doc.updated) });
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
    this.listeners.clear();
  }

  private set(status: SaveStatus) {
    this.status = status;
    for (const listener of this.listeners) listener();
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(ms: number) {
    this.clearTimer();
    if (this.disposed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, ms);
  }

  private async run(): Promise<void> {
    this.clearTimer();
    if (this.inFlight || this.disposed || this.status.kind === 'conflict') return;
    const sent = this.draft;
    if (same(sent, this.saved)) {
      if (this.status.kind !== 'saved') this.set({ kind: 'saved', at: new Date() });
      return;
    }
    const problem = draftProblem(sent);
    if (problem) {
      this.set({ kind: 'invalid', message: problem });
      return;
    }
    this.inFlight = true;
    this.set({ kind: 'saving' });
    try {
      const doc = await this.options.save({ id: this.options.id, version: this.version, ...sent });
      this.version = doc.version;
      this.saved = sent;
      this.options.onSaved?.(doc);
      this.set(same(this.draft, this.saved) ? { kind: 'saved', at: new Date() } : { kind: 'pending' });
    } catch (error) {
      if (hasCode(error, 'version_conflict')) {
        this.set({ kind: 'conflict', currentVersion: error.currentVersion ?? this.version + 1 });
      } else if (hasCode(error, 'network')) {
        this.set({ kind: 'offline' });
        this.schedule(this.options.retryMs ?? 5000);
      } else if (hasCode(error, 'validation', 'payload_too_large', 'plan_limit')) {
        this.set({ kind: 'invalid', message: error.message });
      } else {
        this.set({ kind: 'failed', message: isApiError(error) ? error.message : 'The document could not be saved.' });
        this.schedule(this.options.retryMs ?? 5000);
      }
      return;
    } finally {
      this.inFlight = false;
    }
    // Typed while the save was on its way: that goes next, after the usual pause.
    if (!same(this.draft, this.saved)) this.schedule(this.options.delayMs ?? 800);
  }
}
