// The owner (admin) of each kind and each kind of URL, as the chain-info panel words them.
import * as assert from 'node:assert/strict';
import { ChainInfoSchema } from '../../../src/api/stardustSchemas';
import { buildChainInfoView } from '../../../src/chainInfo/model/chainInfoView';
import type { ChainInfoState } from '../../../src/core/chainInfoFields';
import { iotaChainInfo } from '../../fixtures/wire';

const CHAIN = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';
const base = (): ChainInfoState => ChainInfoSchema.parse(iotaChainInfo());

function rowOf(info: ChainInfoState, field: string) {
  const view = buildChainInfoView({ chainName: 'C', nodeUrl: 'http://n', configuredChainId: '', block: undefined, governance: info, general: undefined });
  return view.sections.flatMap((s) => s.rows).find((r) => r.field === field);
}

describe('model/chainInfoView: owners and URLs of every kind', () => {
  it('words a Stardust owner by its kind', () => {
    const cases: [string, string][] = [
      [`iota1q${'q'.repeat(58)}`, 'an Ed25519 address (a single key)'],
      [`iota1p${'q'.repeat(58)}`, 'an alias address (e.g. a multisig or a committee)'],
      [`iota1z${'q'.repeat(58)}`, 'an NFT address'],
      [`0x${'ab'.repeat(20)}@${CHAIN}`, `an EVM account on chain ${CHAIN}`],
      [`07cb02c1@${CHAIN}`, `contract evm on chain ${CHAIN}`],
      [`12345678@${CHAIN}`, `contract 12345678 on chain ${CHAIN}`],
      ['-', 'no owner'],
      ['what?', 'an agent ID in an unrecognised format'],
    ];
    for (const [owner, detail] of cases) assert.equal(rowOf({ ...base(), chainOwnerId: owner }, 'owner')?.detail, detail, owner);
  });

  it('words a Rebased admin by its length', () => {
    const rebased = (chainAdmin: string): ChainInfoState => ({ ...base(), chainOwnerId: undefined, chainAdmin });
    const cases: [string, string][] = [
      ['', 'not known to the node'],
      [' - ', 'no admin'],
      [`0x${'1'.repeat(64)}`, 'an L1 address'],
      [`0x${'a'.repeat(40)}`, 'an EVM account'],
      ['0x07CB02C1', 'contract 0x07cb02c1'],
      [`0x${'1'.repeat(63)}`, 'an agent ID in an unrecognised format'],
      [`x0x${'1'.repeat(64)}`, 'an agent ID in an unrecognised format'],
      [`0x${'1'.repeat(40)}0`, 'an agent ID in an unrecognised format'],
      ['0x07cb02c1 0', 'an agent ID in an unrecognised format'],
    ];
    for (const [admin, detail] of cases) assert.equal(rowOf(rebased(admin), 'owner')?.detail, detail, admin);
    const empty = rowOf(rebased(''), 'owner');
    assert.deepEqual(empty, { field: 'owner', label: 'Admin', value: 'not set', mono: true, detail: 'not known to the node' });
  });

  it('opens only plain http(s) links; says why another URL is not opened', () => {
    const site = (website: string) => rowOf({ ...base(), metadata: { ...base().metadata, website } }, 'metadata.website');
    assert.deepEqual(site('https://ok.example/'), {
      field: 'metadata.website',
      label: 'Website',
      value: 'https://ok.example/',
      mono: true,
      copy: { text: 'https://ok.example/', what: 'website' },
      link: { url: 'https://ok.example/', web: true },
    });
    assert.equal(site('HTTP://ok.example/')?.link?.url, 'HTTP://ok.example/', 'the scheme in any case');
    assert.deepEqual(site('https://user:pw@evil.example/'), {
      field: 'metadata.website',
      label: 'Website',
      value: 'https://user:pw@evil.example/',
      mono: true,
      copy: { text: 'https://user:pw@evil.example/', what: 'website' },
      detail: 'not opened: a link with a user name or password, or malformed',
    });
    assert.equal(site('ftp://files.example/')?.detail, 'not an http(s) link: it is not opened');
    assert.equal(site('javascript:alert(1)')?.detail, 'not an http(s) link: it is not opened');
    assert.equal(site('ws://x.example')?.detail, 'WebSocket endpoint: copy it into your wallet or tool');
    assert.equal(site('  https://ok.example/  ')?.copy?.text, 'https://ok.example/', 'trimmed');
    assert.deepEqual(site('   '), { field: 'metadata.website', label: 'Website', value: 'not set', empty: true });
  });
});
