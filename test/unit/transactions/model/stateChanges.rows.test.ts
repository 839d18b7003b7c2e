// The "State changes" rows of hand-made diffs (src/transactions/model/stateChanges.ts): every row
// exact, for an account with each kind of change, a deleted one, none at all, and the failures.
import * as assert from 'node:assert/strict';
import type { AccountChange, StateDiff } from '../../../../src/evm/model/stateDiff';
import { stateChangeRows, stateChangesUnoffered, stateDiffRows } from '../../../../src/transactions/model/stateChanges';

const ADDR = `0x${'cd'.repeat(20)}`;
const SHOWN = '0xCdCDCdCdcdcdcdCdcDcDCdcDcDCdCdcdCdcDCDcD';
const SLOT = `0x${'12'.repeat(31)}ab`;
const WASP_NOTE = {
  field: 'stateNote',
  label: 'Note',
  value: 'The EVM runs at gas price 0 and the chain charges the fee afterwards: the sender’s balance change here leaves the fee out.',
};
const noName = () => undefined;
const diffOf = (...accounts: AccountChange[]): StateDiff => ({ accounts, cutAccounts: 0, cutSlots: 0 });
const account = (over: Partial<AccountChange> = {}): AccountChange => ({ address: ADDR, deleted: false, storage: [], ...over });

describe('transactions/model/stateChanges: the rows of hand-made diffs', () => {
  it('an account with every kind of change: a head row, then balance, nonce, code and each slot', () => {
    const rows = stateDiffRows(
      diffOf(
        account({
          balance: { pre: 1_000n, post: 400n },
          nonce: { pre: 1n, post: 2n },
          code: { pre: 10, post: 12 },
          storage: [{ slot: SLOT, pre: 0n, post: 255n }],
        }),
      ),
      noName,
    );
    assert.deepEqual(rows, [
      {
        field: 'state0',
        label: 'Account',
        value: SHOWN,
        detail: 'balance, nonce, code, 1 storage slots',
        mono: true,
        copy: { text: SHOWN, what: 'address' },
      },
      { field: 'state0Balance', label: 'balance (wei)', value: '1,000 → 400', detail: '-600', mono: true },
      { field: 'state0Nonce', label: 'nonce', value: '1 → 2', mono: true },
      { field: 'state0Code', label: 'code', value: '10 bytes → 12 bytes' },
      { field: 'state0Slot0', label: 'slot 0x12121212…12ab', value: '0x0 → 0xff', mono: true, copy: { text: SLOT, what: 'slot key' } },
      WASP_NOTE,
    ]);
  });

  it('a balance that grows is signed with a plus, one that stays is 0; new code is said deployed', () => {
    const rows = stateDiffRows(
      diffOf(account({ balance: { pre: 1n, post: 3n } }), account({ balance: { pre: 5n, post: 5n }, code: { pre: 0, post: 2_000 } })),
      noName,
    );
    assert.deepEqual(
      rows.map((r) => [r.field, r.value, r.detail]),
      [
        ['state0', SHOWN, 'balance'],
        ['state0Balance', '1 → 3', '+2'],
        ['state1', SHOWN, 'balance, code'],
        ['state1Balance', '5 → 5', '0'],
        ['state1Code', 'deployed: 2,000 bytes', undefined],
        ['stateNote', WASP_NOTE.value, undefined],
      ],
    );
  });

  it('a deleted account says so; one with nothing kept changed says it was touched', () => {
    const rows = stateDiffRows(diffOf(account({ deleted: true, balance: { pre: 1n, post: 0n } }), account()), noName);
    assert.deepEqual(
      rows.map((r) => r.detail),
      ['deleted (self-destructed)', '-1', 'touched, nothing kept changed', undefined],
    );
  });

  it('no account changed: one empty row saying none, then the note', () => {
    assert.deepEqual(stateDiffRows(diffOf(), noName), [{ field: 'stateNone', label: 'State changes', value: 'none', empty: true }, WASP_NOTE]);
  });

  it('changes past the node’s bounds are counted in a "Not shown" row', () => {
    const rows = stateDiffRows({ accounts: [], cutAccounts: 2, cutSlots: 3 }, noName);
    assert.deepEqual(rows[1], { field: 'stateCut', label: 'Not shown', value: '5 more changes (the node’s answer was larger than the panel shows)' });
  });

  it('a failed answer is one "Not loaded" row naming what was asked', () => {
    assert.deepEqual(stateChangeRows({ ok: false, reason: 'invalid' }, noName), [
      { field: 'stateError', label: 'Not loaded', value: 'the answer is not the state changes' },
    ]);
  });

  it('a Wasp 1 node: one empty "Not offered" row', () => {
    assert.deepEqual(stateChangesUnoffered(), [
      { field: 'stateError', label: 'Not offered', value: 'Wasp 1.x nodes have only the call tracer: they cannot show state changes.', empty: true },
    ]);
  });
});
