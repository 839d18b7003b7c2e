// The account panel's Explorers section, rows exact: each explorer known is a link opened on the
// web, under its name.
import * as assert from 'node:assert/strict';
import { REBASED_BASE_TOKEN } from '../../../../src/api/accountShape';
import { holdingsOf } from '../../../../src/api/holdings';
import { RebasedAccountBalanceSchema } from '../../../../src/api/rebasedSchemas';
import { accountSections, type AccountRead } from '../../../../src/accounts/model/accountView';

const ADDRESS = '0xdB00079cad3e665853Bf766eFe26F4C38cdbdCDA';

describe('accounts/model/accountView: the Explorers section', () => {
  it('the EVM and IOTA explorers, each a web link under its name', () => {
    const holdings = holdingsOf(RebasedAccountBalanceSchema.parse({ baseTokens: '1', nativeTokens: null }), REBASED_BASE_TOKEN, { nfts: [] });
    const read: AccountRead = { generation: 'rebased', agentId: ADDRESS, kind: 'evm', evmAddress: ADDRESS, holdings, missing: [], block: undefined };
    const evm = `https://evm.example/address/${ADDRESS}`;
    const iota = 'https://iota.example/address/0x1';
    const links = accountSections(read, { chainName: 'c', links: { evmExplorer: evm, iotaExplorer: iota } }).find((s) => s.id === 'links');
    assert.deepStrictEqual(links?.rows, [
      { field: 'link.evm', label: 'EVM explorer', value: evm, mono: true, link: { url: evm, web: true } },
      { field: 'link.iota', label: 'IOTA explorer', value: iota, mono: true, link: { url: iota, web: true } },
    ]);
  });
});
