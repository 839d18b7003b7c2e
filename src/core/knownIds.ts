// The transaction and request IDs the extension knows from a node: a receipt it was answered, a
// request of a block or of the live feed it showed. Such an ID has left the machine already and is
// public, so the hover may look it up wherever it is written (receipts/model/idEvidence.ts).
// IDs a node answered with a receipt are remembered for the workspace; the others for the session
// only, and an ID no node knew is never kept. Bounded: the oldest go first.

/** Where remembered IDs are kept across sessions (the workspace's Memento). */
export interface KnownIdsStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

export const KNOWN_IDS_KEY = 'waspChain.knownIds';
const ID = /^0x(?:[0-9a-f]{64}|[0-9a-f]{68})$/;

export class KnownIds {
  private readonly session = new Set<string>();
  private readonly remembered: string[];
  private readonly rememberedSet: Set<string>;

  constructor(
    private readonly store: KnownIdsStore | undefined,
    private readonly capacity = 2000,
  ) {
    const stored = store?.get<unknown>(KNOWN_IDS_KEY);
    // Workspace state is as untrusted as any file: only well-formed IDs, at most `capacity`.
    this.remembered = Array.isArray(stored) ? stored.filter((v): v is string => typeof v === 'string' && ID.test(v)).slice(-capacity) : [];
    this.rememberedSet = new Set(this.remembered);
  }

  has(id: string): boolean {
    const key = id.toLowerCase();
    return this.rememberedSet.has(key) || this.session.has(key);
  }

  /** A node showed this ID (a block's request, the live feed), or the user said to send it: known for this session. */
  shown(id: string): void {
    const key = id.toLowerCase();
    if (!ID.test(key) || this.has(key)) return;
    if (this.session.size >= this.capacity) {
      const oldest = this.session.values().next().value;
      if (oldest !== undefined) this.session.delete(oldest);
    }
    this.session.add(key);
  }

  /** Forgets every ID, the remembered ones too. */
  forget(): PromiseLike<void> | undefined {
    this.session.clear();
    this.remembered.length = 0;
    this.rememberedSet.clear();
    return this.store?.update(KNOWN_IDS_KEY, undefined);
  }

  /** A node answered this ID with a receipt: remembered for the workspace. */
  answered(id: string): void {
    const key = id.toLowerCase();
    if (!ID.test(key) || this.rememberedSet.has(key)) return;
    this.remembered.push(key);
    this.rememberedSet.add(key);
    while (this.remembered.length > this.capacity) {
      const oldest = this.remembered.shift();
      if (oldest !== undefined) this.rememberedSet.delete(oldest);
    }
    void this.store?.update(KNOWN_IDS_KEY, [...this.remembered]);
  }
}
