// How the state a chain info was read at is named (describeState, stateInProse in src/chainInfo/model/chainInfoView.ts).
import * as assert from 'node:assert/strict';
import { describeState, stateInProse } from '../../../../../src/ui/model/blockState';

const HEX40 = 'Db3009babf5415B64ef64275f0f23A87E90Ea142';

describe('chainInfo/model/chainInfoView: describeState, stateInProse', () => {
  it('names latest, block indexes, trie roots and anything else', () => {
    assert.equal(describeState(undefined), 'latest state');
    assert.equal(describeState(''), 'latest state');
    assert.equal(describeState('42'), 'block 42');
    assert.equal(describeState('0xE3118DDE541EDA6C5D82023BA04D9DD919A05675'), 'trie root 0xe3118dde541eda6c5d82023ba04d9dd919a05675');
    assert.equal(describeState('abc\u202e'), 'block "abc⟨U+202E⟩"');
    assert.equal(stateInProse(undefined), 'the latest state');
    assert.equal(stateInProse('42'), 'block 42');
  });

  it('says "the latest state" in prose for an empty block too', () => {
    assert.equal(stateInProse(''), 'the latest state');
  });

  it('takes only a whole 40-digit hex string as a trie root', () => {
    assert.equal(describeState(`x0x${HEX40}`), `block "x0x${HEX40.slice(0, 21)}…${HEX40.slice(-8)}"`);
    assert.match(describeState(`0x${HEX40}0`), /^block "/);
  });
});
