import * as assert from 'node:assert/strict';
import { explorerAddressUrl, explorerBase, explorerTxUrl, iotaExplorerUrl, l1ExplorerRows } from '../../../src/receipts/model/explorer';
import type { AnyReceipt } from '../../../src/receipts/model/receiptView';

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const HASH = `0x${'ab'.repeat(32)}`;

describe('evm/model/explorer links', () => {
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
