import * as assert from 'node:assert/strict';
import { KNOWN_IDS_KEY, KnownIds, type KnownIdsStore } from '../../../src/core/knownIds';

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const ID68 = `0x${'ab'.repeat(32)}0000`;

/** A workspace Memento in memory. */
function memento(initial: Record<string, unknown> = {}): KnownIdsStore & { data: Record<string, unknown> } {
  const data = { ...initial };
  return {
    data,
    get: <T>(key: string) => data[key] as T | undefined,
    update: (key: string, value: unknown) => {
      data[key] = value;
      return Promise.resolve();
    },
  };
}

describe('core/knownIds', () => {
  it('remembers for the workspace an ID a node answered, and not one a node only showed', () => {
    const store = memento();
    const known = new KnownIds(store);
    known.answered(hash(1));
    known.shown(hash(2));
    assert.ok(known.has(hash(1)) && known.has(hash(2)));
    const next = new KnownIds(store);
    assert.equal(next.has(hash(1)), true);
    assert.equal(next.has(hash(2)), false);
  });

  it('knows an ID whatever the case it is written in', () => {
    const known = new KnownIds(undefined);
    known.answered(hash(0xabc).toUpperCase().replace('0X', '0x'));
    assert.equal(known.has(hash(0xabc)), true);
    known.shown(ID68);
    assert.equal(known.has(ID68.toUpperCase().replace('0X', '0x')), true);
  });

  it('keeps nothing that is not a well-formed ID, from a caller or from the stored state', () => {
    const store = memento({ [KNOWN_IDS_KEY]: [hash(1), 42, 'PRIVATE', `${hash(2)} `, { id: hash(3) }, hash(4)] });
    const known = new KnownIds(store);
    assert.equal(known.has(hash(1)), true);
    assert.equal(known.has(hash(4)), true);
    assert.equal(known.has(hash(2)), false);
    known.answered('0x1234');
    known.shown('not an id');
    assert.deepEqual(store.data[KNOWN_IDS_KEY], [hash(1), 42, 'PRIVATE', `${hash(2)} `, { id: hash(3) }, hash(4)]);
    assert.equal(new KnownIds(memento({ [KNOWN_IDS_KEY]: 'x' })).has('x'), false);
  });

  it('is bounded: the oldest remembered and the oldest shown go first', () => {
    const store = memento();
    const known = new KnownIds(store, 3);
    for (let i = 1; i <= 5; i++) known.answered(hash(i));
    for (let i = 11; i <= 15; i++) known.shown(hash(i));
    assert.deepEqual(store.data[KNOWN_IDS_KEY], [hash(3), hash(4), hash(5)]);
    assert.deepEqual(
      [1, 2, 3, 11, 12, 13, 14, 15].map((i) => known.has(hash(i))),
      [false, false, true, false, false, true, true, true],
    );
    assert.equal(new KnownIds(memento({ [KNOWN_IDS_KEY]: [hash(1), hash(2), hash(3), hash(4)] }), 2).has(hash(2)), false);
  });

  it('forgets every ID when told, the remembered ones and their store too', async () => {
    const store = memento();
    const known = new KnownIds(store);
    known.answered(hash(1));
    known.shown(hash(2));
    await known.forget();
    assert.equal(known.has(hash(1)) || known.has(hash(2)), false);
    assert.equal(store.data[KNOWN_IDS_KEY], undefined);
    assert.equal(new KnownIds(store).has(hash(1)), false);
  });

  it('writes the store only when an answered ID is new', () => {
    let writes = 0;
    const store = memento();
    const counting: KnownIdsStore = { get: store.get, update: (k, v) => (writes++, store.update(k, v)) };
    const known = new KnownIds(counting);
    known.answered(hash(1));
    known.answered(hash(1));
    known.shown(hash(2));
    assert.equal(writes, 1);
  });
});
