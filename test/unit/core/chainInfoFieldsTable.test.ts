// Every field of the chain-info table with the words each surface shows for it, written out:
// a label or noun that changes is a change users see in the tree, the panel and the comparison.
import * as assert from 'node:assert/strict';
import { CHAIN_INFO_FIELDS, chainInfoField, chainInfoGroupTitle, isRebasedState, type ChainInfoState } from '../../../src/core/chainInfoFields';
import { englishL10n } from '../../../src/core/l10n';

const META = { name: '', description: '', website: '', evmJsonRpcURL: '', evmWebSocketURL: '' };
const STARDUST: ChainInfoState = { chainID: 'iota1chain', chainOwnerId: 'iota1owner', gasFeePolicy: null, gasLimits: null, metadata: META, publicURL: '' };
const REBASED: ChainInfoState = {
  chainID: `0x${'1'.repeat(64)}`,
  chainAdmin: `0x${'2'.repeat(64)}`,
  gasFeePolicy: null,
  gasLimits: null,
  metadata: META,
  publicURL: '',
};

describe('core/chainInfoFields: the whole table', () => {
  it('lists each field with its group, kind, labels, noun and whether it is compared', () => {
    const rows = CHAIN_INFO_FIELDS.map((f) => [
      f.id,
      f.group,
      f.kind,
      f.label(englishL10n, STARDUST),
      f.label(englishL10n, REBASED),
      f.noun?.(englishL10n, STARDUST),
      f.noun?.(englishL10n, REBASED),
      f.compared,
    ]);
    assert.deepEqual(rows, [
      ['chainID', 'chain', 'id', 'Chain ID', 'Chain ID', 'chain ID', 'chain ID', true],
      ['owner', 'chain', 'id', 'Owner', 'Admin', 'chain owner', 'chain admin', true],
      ['gasFeePolicy.gasPerToken', 'fees', 'figure', 'Gas per token', 'Gas per token', undefined, undefined, true],
      ['gasFeePolicy.feeFormula', 'fees', 'figure', 'Fee formula', 'Fee formula', undefined, undefined, false],
      ['gasFeePolicy.evmGasRatio', 'fees', 'figure', 'EVM gas ratio', 'EVM gas ratio', undefined, undefined, true],
      ['gasFeePolicy.validatorFeeShare', 'fees', 'figure', 'Validator fee share', 'Validator fee share', undefined, undefined, true],
      ['gasLimits.maxGasPerBlock', 'limits', 'figure', 'Max gas per block', 'Max gas per block', undefined, undefined, true],
      ['gasLimits.minGasPerRequest', 'limits', 'figure', 'Min gas per request', 'Min gas per request', undefined, undefined, true],
      ['gasLimits.maxGasPerRequest', 'limits', 'figure', 'Max gas per request', 'Max gas per request', undefined, undefined, true],
      ['gasLimits.maxGasExternalViewCall', 'limits', 'figure', 'Max gas per external view call', 'Max gas per external view call', undefined, undefined, true],
      ['metadata.name', 'metadata', 'text', 'Name', 'Name', undefined, undefined, true],
      ['metadata.description', 'metadata', 'multiline', 'Description', 'Description', undefined, undefined, true],
      ['metadata.website', 'metadata', 'url', 'Website', 'Website', 'website', 'website', true],
      ['metadata.evmJsonRpcURL', 'metadata', 'url', 'EVM JSON-RPC URL', 'EVM JSON-RPC URL', 'EVM JSON-RPC URL', 'EVM JSON-RPC URL', true],
      ['metadata.evmWebSocketURL', 'metadata', 'url', 'EVM WebSocket URL', 'EVM WebSocket URL', 'EVM WebSocket URL', 'EVM WebSocket URL', true],
      ['publicURL', 'chain', 'url', 'Public URL', 'Public URL', 'public URL', 'public URL', true],
    ]);
  });

  it('names the owner by the Stardust word when no state is given', () => {
    const owner = chainInfoField('owner');
    assert.equal(owner.label(englishL10n), 'Owner');
    assert.equal(owner.noun?.(englishL10n), 'chain owner');
  });

  it("reads the owner's value from either generation, '' when neither names one", () => {
    const owner = chainInfoField('owner');
    assert.equal(owner.value(STARDUST, englishL10n), 'iota1owner');
    assert.equal(owner.value(REBASED, englishL10n), `0x${'2'.repeat(64)}`);
    assert.equal(owner.value({ ...STARDUST, chainOwnerId: undefined }, englishL10n), '');
  });

  it('takes a state as Rebased only when it has chainAdmin and no chainOwnerId', () => {
    assert.equal(isRebasedState(REBASED), true);
    assert.equal(isRebasedState({ ...REBASED, chainAdmin: '' }), true, 'an admin the node does not know is still Rebased');
    assert.equal(isRebasedState(STARDUST), false);
    assert.equal(isRebasedState({ ...STARDUST, chainAdmin: 'x' }), false, 'both names: Stardust');
    assert.equal(isRebasedState({ ...STARDUST, chainOwnerId: undefined }), false, 'neither name');
  });

  it('titles each group', () => {
    assert.deepEqual(
      (['chain', 'fees', 'limits', 'metadata'] as const).map((g) => chainInfoGroupTitle(g, englishL10n)),
      ['Chain', 'Gas fee policy', 'Gas limits', 'Public metadata'],
    );
  });

  it('refuses an unknown field id, naming it', () => {
    assert.throws(() => chainInfoField('nope' as never), { message: 'unknown chain info field nope' });
  });
});
