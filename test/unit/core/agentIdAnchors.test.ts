import * as assert from 'node:assert/strict';
import { parseAgentId } from '../../../src/core/agentId';

const CHAIN = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';
const EVM = '0xDb3009babf5415B64ef64275f0f23A87E90Ea142';

describe('core/agentId whole-input matching', () => {
  it('does not accept an address with anything before or after it', () => {
    assert.equal(parseAgentId(`9${CHAIN}`).kind, 'unknown');
    assert.equal(parseAgentId(`${CHAIN}q`).kind, 'unknown');
  });

  it('does not accept an EVM address with extra characters on either side', () => {
    assert.equal(parseAgentId(`x${EVM}@${CHAIN}`).kind, 'unknown');
    assert.equal(parseAgentId(`${EVM}0@${CHAIN}`).kind, 'unknown');
    assert.equal(parseAgentId(`${EVM}@${CHAIN}`).kind, 'evm');
  });

  it('does not accept an hname of other than 8 hex digits', () => {
    assert.equal(parseAgentId(`07cb02c1f@${CHAIN}`).kind, 'unknown');
    assert.equal(parseAgentId(`f07cb02c1@${CHAIN}`).kind, 'unknown');
    assert.equal(parseAgentId(`x7cb02c1@${CHAIN}`).kind, 'unknown');
  });
});
