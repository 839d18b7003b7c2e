import * as assert from 'node:assert/strict';
import { validateEntry } from '../../../src/config/model/chainConfig';
import {
  chainExplorerBase,
  explorerAddressUrl,
  explorerBase,
  explorerTxUrl,
  iotaExplorerUrl,
  iotaNetwork,
  l1ExplorerRows,
} from '../../../src/receipts/model/explorer';
import type { AnyReceipt } from '../../../src/receipts/model/receiptView';

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

  it('a base with a query or fragment gives no link: the path appended to it would be swallowed', () => {
    for (const hostile of ['https://scan.example/?q=', 'https://scan.example/#', 'https://scan.example/a?x=1#y']) {
      assert.equal(explorerBase(hostile, 8822n), undefined, hostile);
    }
    // Hostile shapes of the hash and address never reach a link.
    for (const bad of [`${HASH}/../evil`, `${HASH}?x`, ` ${HASH}`, `0x${'g'.repeat(64)}`])
      assert.equal(explorerTxUrl('https://scan.example', bad), undefined, bad);
  });

  it('Rebased: the node told EVM chain ID picks the default before the transaction chain ID', () => {
    assert.equal(chainExplorerBase(undefined, 8822n, 148n), 'https://explorer.evm.iota.org');
    assert.equal(chainExplorerBase(undefined, undefined, 148n), 'https://explorer.evm.shimmer.network');
    assert.equal(chainExplorerBase('https://mine.example', 8822n, 148n), 'https://mine.example');
    assert.equal(chainExplorerBase(undefined, 4242n, undefined), undefined);
  });

  it('IOTA explorer: mainnet for 8822, testnet for 1076, no link for any other network', () => {
    const id = `0x${'Cd'.repeat(32)}`;
    assert.equal(iotaNetwork(8822n), 'mainnet');
    assert.equal(iotaNetwork(1076n), 'testnet');
    assert.equal(iotaNetwork(148n), undefined);
    assert.equal(iotaNetwork(undefined), undefined);
    assert.equal(iotaExplorerUrl('mainnet', 'object', id), `https://explorer.iota.org/object/0x${'cd'.repeat(32)}?network=mainnet`);
    assert.equal(iotaExplorerUrl('testnet', 'address', id), `https://explorer.iota.org/address/0x${'cd'.repeat(32)}?network=testnet`);
    assert.equal(iotaExplorerUrl(undefined, 'object', id), undefined);
    for (const bad of [ADDRESS, `${id}#x`, `${id}/../../evil`, '0x1234', '-']) assert.equal(iotaExplorerUrl('mainnet', 'object', bad), undefined, bad);
  });

  it('l1ExplorerRows: the L1 sender and the objects of assets and allowance; nothing for Stardust or an unknown network', () => {
    const objectId = `0x${'11'.repeat(32)}`;
    const allowed = `0x${'22'.repeat(32)}`;
    const sender = `0x${'33'.repeat(32)}`;
    const receipt = {
      generation: 'rebased',
      request: {
        senderAccount: sender,
        assets: { coins: [], objects: [{ id: objectId, type: '0x2::nft::Nft' }] },
        allowance: { coins: [], objects: [{ id: allowed, type: '0x2::nft::Nft' }] },
      },
    } as unknown as AnyReceipt;
    const rows = l1ExplorerRows(receipt, 'testnet');
    assert.deepEqual(
      rows.map((r) => [r.field, r.link?.url]),
      [
        ['l1ExplorerSender', `https://explorer.iota.org/address/${sender}?network=testnet`],
        ['l1ExplorerAsset0', `https://explorer.iota.org/object/${objectId}?network=testnet`],
        ['l1ExplorerAllowance0', `https://explorer.iota.org/object/${allowed}?network=testnet`],
      ],
    );
    assert.ok(rows.every((r) => r.link?.web === true && r.value === r.link.url));
    assert.deepEqual(l1ExplorerRows(receipt, undefined), []);
    // An EVM sender (0x + 40) is not an L1 address: no L1 link for it.
    const evmSender = { ...receipt, request: { ...(receipt as { request: object }).request, senderAccount: ADDRESS } } as unknown as AnyReceipt;
    assert.deepEqual(
      l1ExplorerRows(evmSender, 'mainnet').map((r) => r.field),
      ['l1ExplorerAsset0', 'l1ExplorerAllowance0'],
    );
    assert.deepEqual(l1ExplorerRows({ ...receipt, generation: 'stardust' } as unknown as AnyReceipt, 'mainnet'), []);
  });
});
