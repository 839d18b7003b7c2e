// An account on a chain known only by its JSON-RPC: balance in wei with 18 decimals, exact; the
// nonce; a failed call said in its place; what needs the web API said.
import { strict as assert } from 'node:assert';
import { evmOnlyAccountLines } from '../../../../src/accounts/model/evmOnlyAccountView';

describe('accounts/model/evmOnlyAccountView: an account known by the JSON-RPC', () => {
  const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

  it('the balance exact past 2^53 with its wei, the nonce, and that native tokens need the web API', () => {
    const lines = evmOnlyAccountLines(
      ADDRESS,
      { balance: { ok: true, value: 5n * 10n ** 18n + 123n }, nonce: { ok: true, value: 42n } },
      { chainName: 'Testnet', name: 'Deployer' },
      () => '',
    );
    assert.deepEqual(lines, [
      'Deployer (0x5aAeb6…1BeAed) on Testnet (the address was sent to its EVM JSON-RPC)',
      'Balance 5.000000000000000123 (5,000,000,000,000,000,123 wei)',
      'Nonce 42 (the next transaction\u2019s)',
      'Native tokens and NFTs need the chain\u2019s web API.',
    ]);
  });

  it('a call that failed is said in its line; the other is still shown', () => {
    const lines = evmOnlyAccountLines(
      ADDRESS,
      { balance: { ok: false, reason: 'timeout' }, nonce: { ok: true, value: 0n } },
      { chainName: 'T', sourceNote: 'Workspace settings' },
      (f) => `failed: ${f.reason}`,
    );
    assert.deepEqual(lines.slice(0, 3), [
      '0x5aAeb6…1BeAed on T, from Workspace settings (the address was sent to its EVM JSON-RPC)',
      'Balance not read: failed: timeout',
      'Nonce 0 (the next transaction\u2019s)',
    ]);
  });
});
