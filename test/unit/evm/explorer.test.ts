import * as assert from 'node:assert/strict';
import { validateEntry } from '../../../src/config/model/chainConfig';
import { explorerAddressUrl, explorerBase, explorerTxUrl } from '../../../src/evm/model/explorer';

const HASH = `0x${'Ab'.repeat(32)}`;
const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('evm/model/explorer', () => {
  it('defaults by EVM chain ID: IOTA EVM 8822, ShimmerEVM 148; none for others', () => {
    assert.equal(explorerTxUrl(explorerBase(undefined, 8822n), HASH), `https://explorer.evm.iota.org/tx/0x${'ab'.repeat(32)}`);
    assert.equal(explorerAddressUrl(explorerBase(undefined, 148n), ADDRESS), `https://explorer.evm.shimmer.network/address/${ADDRESS}`);
    assert.equal(explorerBase(undefined, 1074n), undefined);
    assert.equal(explorerBase(undefined, undefined), undefined);
  });

  it('the configured explorer wins; only checked parts make a link', () => {
    assert.equal(explorerTxUrl(explorerBase('https://scan.example/evm/', 8822n), HASH), `https://scan.example/evm/tx/0x${'ab'.repeat(32)}`);
    assert.equal(explorerTxUrl('https://scan.example', '0x1234'), undefined);
    assert.equal(explorerAddressUrl('https://scan.example', `${ADDRESS})`), undefined);
    assert.equal(explorerBase('javascript:alert(1)', 8822n), undefined);
  });

  it('explorerUrl in a chain entry is untrusted input: http(s) without credentials, or the entry is invalid', () => {
    const entry = (explorerUrl: unknown) => validateEntry({ name: 'E', nodeUrl: 'http://127.0.0.1:9090', explorerUrl }, { scope: 'user' } as never, 0);
    const ok = entry('https://scan.example/');
    assert.ok(ok.valid);
    assert.equal(ok.chain.explorerUrl, 'https://scan.example');
    for (const bad of ['command:waspChain.signIn', 'javascript:alert(1)', 'https://user:pw@scan.example', 'file:///etc/passwd', 42]) {
      const r = entry(bad);
      assert.equal(r.valid, false, String(bad));
    }
    const none = entry(undefined);
    assert.ok(none.valid);
    assert.equal(none.chain.explorerUrl, undefined);
  });
});
