// What KnownIds takes from the workspace's store and gives back: only well-formed IDs are read
// back, a store that holds no list gives none, and forgetting without a store is fine. The
// session's bound: an ID shown again is not shown twice, so it does not push another out.
import * as assert from 'node:assert/strict';
import { KNOWN_IDS_KEY, KnownIds, type KnownIdsStore } from '../../../src/core/knownIds';

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

/** A workspace Memento in memory that records each update. */
function store(initial: unknown): KnownIdsStore & { updates: unknown[] } {
  const updates: unknown[] = [];
  return {
    updates,
    get: <T>(key: string) => (key === KNOWN_IDS_KEY ? (initial as T) : undefined),
    update: (_key: string, value: unknown) => {
      updates.push(value);
      return Promise.resolve();
    },
  };
}

describe('core/knownIds: the stored list', () => {
  it('reads back only well-formed IDs: text that is no ID, upper-case hex, numbers, objects and a list holding an ID are dropped', () => {
    const s = store(['not an id', 5, { id: hash(9) }, [hash(8)], hash(1), `0x${'AB'.repeat(32)}`]);
    const known = new KnownIds(s);
    assert.equal(known.has('not an id'), false);
    known.answered(hash(3));
    assert.deepStrictEqual(s.updates, [[hash(1), hash(3)]]);
  });

  it('a store holding no list (an object) starts empty', () => {
    const s = store({ 0: hash(1) });
    new KnownIds(s).answered(hash(3));
    assert.deepStrictEqual(s.updates, [[hash(3)]]);
  });

  it('forgetting without a store returns nothing and forgets the session', () => {
    const known = new KnownIds(undefined);
    known.shown(hash(1));
    assert.equal(known.forget(), undefined);
    assert.equal(known.has(hash(1)), false);
  });
});

describe('core/knownIds: the session', () => {
  it('text that is no ID is never shown', () => {
    const known = new KnownIds(undefined);
    known.shown('not an id');
    known.shown('0x1234');
    assert.equal(known.has('not an id'), false);
    assert.equal(known.has('0x1234'), false);
  });

  it('an ID shown again keeps its place: at the bound the oldest first shown goes', () => {
    const known = new KnownIds(undefined, 2);
    known.shown(hash(1));
    known.shown(hash(2));
    known.shown(hash(1));
    known.shown(hash(3));
    assert.deepStrictEqual(
      [1, 2, 3].map((n) => known.has(hash(n))),
      [false, true, true],
    );
  });
});
