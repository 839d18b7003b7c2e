// Explorer links of a receipt (src/transactions/model/explorer.ts): the base by setting or by EVM chain ID,
// transaction and address links, the IOTA explorer of the L1, and each link at its edges.
import * as assert from 'node:assert/strict';
import { validateEntry } from '../../../../src/config/model/chainConfig';
import { englishL10n } from '../../../../src/core/l10n';
import {
  chainExplorerBase,
  explorerAddressUrl,
  explorerBase,
  explorerTxUrl,
  iotaExplorerUrl,
  iotaNetwork,
  l1ExplorerRows,
} from '../../../../src/transactions/model/explorer';
import type { AnyReceipt } from '../../../../src/transactions/model/receiptView';
import { rebasedReceipt } from '../../helpers/receipts';

describe('transactions/model/explorer', () => {
  const HASH = `0x${'Ab'.repeat(32)}`;
  const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

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

describe('transactions/model/explorer: links', () => {
  const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
  const HASH = `0x${'ab'.repeat(32)}`;

  it('every trailing slash of the base goes, not only the last', () => {
    assert.equal(explorerBase('https://scan.example/evm//', undefined), 'https://scan.example/evm');
    assert.equal(explorerTxUrl(explorerBase('https://scan.example///', undefined), HASH), `https://scan.example/tx/${HASH}`);
  });

  it('an address or object ID is checked from its first character', () => {
    assert.equal(explorerAddressUrl('https://scan.example', ADDRESS), `https://scan.example/address/${ADDRESS}`);
    assert.equal(explorerAddressUrl('https://scan.example', `x${ADDRESS}`), undefined);
    assert.equal(explorerAddressUrl('https://scan.example', `${ADDRESS}0`), undefined);
    assert.equal(explorerTxUrl('https://scan.example', `x${HASH}`), undefined);
    const id = `0x${'cd'.repeat(32)}`;
    assert.equal(iotaExplorerUrl('mainnet', 'object', `zz${id}`), undefined);
    assert.equal(iotaExplorerUrl('mainnet', 'object', `${id}00`), undefined);
  });

  it('l1ExplorerRows: the whole rows, numbered from 1 in the label and from 0 in the field', () => {
    const o = (n: string) => `0x${n.repeat(32)}`;
    const sender = o('33');
    const receipt = {
      generation: 'rebased',
      request: {
        senderAccount: sender,
        assets: { coins: [], objects: [{ id: o('11') }, { id: o('12') }] },
        allowance: { coins: [], objects: [{ id: o('22') }] },
      },
    } as unknown as AnyReceipt;
    const row = (field: string, label: string, url: string) => ({ field, label, value: url, mono: true, link: { url, web: true } });
    const net = '?network=mainnet';
    assert.deepEqual(l1ExplorerRows(receipt, 'mainnet'), [
      row('l1ExplorerSender', 'Sender in IOTA explorer', `https://explorer.iota.org/address/${sender}${net}`),
      row('l1ExplorerAsset0', 'Object 1 in IOTA explorer', `https://explorer.iota.org/object/${o('11')}${net}`),
      row('l1ExplorerAsset1', 'Object 2 in IOTA explorer', `https://explorer.iota.org/object/${o('12')}${net}`),
      row('l1ExplorerAllowance0', 'Allowance object 1 in IOTA explorer', `https://explorer.iota.org/object/${o('22')}${net}`),
    ]);
    // No allowance: only the sender and the assets.
    const noAllowance = { ...receipt, request: { ...(receipt as unknown as { request: object }).request, allowance: undefined } } as unknown as AnyReceipt;
    assert.equal(l1ExplorerRows(noAllowance, 'testnet').length, 3);
  });
});

describe('transactions/model/explorer: links at their edges', () => {
  const HASH = `0x${'AB'.repeat(32)}`;

  const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
  it('a base without trailing slashes, query or fragment; a default by EVM chain ID', () => {
    assert.equal(explorerBase('https://scan.example/x///', undefined), 'https://scan.example/x');
    assert.equal(explorerBase(undefined, 8822n), 'https://explorer.evm.iota.org');
    assert.equal(explorerBase(undefined, 148n), 'https://explorer.evm.shimmer.network');
    assert.equal(explorerBase(undefined, 1n), undefined);
    assert.equal(explorerBase('https://scan.example/?q=1', 8822n), undefined);
    assert.equal(explorerBase('https://scan.example/#f', undefined), undefined);
  });
  it('a transaction or address link only for exact hashes and addresses', () => {
    const b = 'https://scan.example';
    assert.equal(explorerTxUrl(b, HASH), `${b}/tx/${HASH.toLowerCase()}`);
    assert.equal(explorerTxUrl(undefined, HASH), undefined);
    for (const h of [`${HASH}0`, `x${HASH}`]) assert.equal(explorerTxUrl(b, h), undefined, h);
    assert.equal(explorerAddressUrl(b, ADDRESS), `${b}/address/${ADDRESS}`);
    assert.equal(explorerAddressUrl(undefined, ADDRESS), undefined);
    for (const a of [`${ADDRESS}0`, `x${ADDRESS}`]) assert.equal(explorerAddressUrl(b, a), undefined, a);
    const id = `0x${'Cd'.repeat(32)}`;
    assert.equal(iotaExplorerUrl('testnet', 'object', id), `https://explorer.iota.org/object/${id.toLowerCase()}?network=testnet`);
    assert.equal(iotaExplorerUrl(undefined, 'object', id), undefined);
    for (const x of [`${id}0`, `x${id}`]) assert.equal(iotaExplorerUrl('mainnet', 'address', x), undefined, x);
  });
  it("a Rebased receipt's sender and objects in the IOTA explorer, numbered from 1", () => {
    const receipt = rebasedReceipt('receipt-success-onledger');
    const rows = l1ExplorerRows(receipt, 'mainnet', englishL10n);
    const obj = receipt.request.assets.objects[0]?.id ?? '';
    const allowed = receipt.request.allowance?.objects[0]?.id ?? '';
    const url = (kind: string, id: string) => `https://explorer.iota.org/${kind}/${id}?network=mainnet`;
    assert.deepEqual(rows, [
      {
        field: 'l1ExplorerSender',
        label: 'Sender in IOTA explorer',
        value: url('address', receipt.request.senderAccount),
        mono: true,
        link: { url: url('address', receipt.request.senderAccount), web: true },
      },
      { field: 'l1ExplorerAsset0', label: 'Object 1 in IOTA explorer', value: url('object', obj), mono: true, link: { url: url('object', obj), web: true } },
      {
        field: 'l1ExplorerAllowance0',
        label: 'Allowance object 1 in IOTA explorer',
        value: url('object', allowed),
        mono: true,
        link: { url: url('object', allowed), web: true },
      },
    ]);
    assert.deepEqual(l1ExplorerRows(receipt, undefined, englishL10n), []);
  });
});
