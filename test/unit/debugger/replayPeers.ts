// What the replay suites against anvil share: the fixture's anvil per suite, the replay's inputs
// fetched, and a loop contract of a known number of steps (sendMined, in the fixture, sends and waits).
import { strict as assert } from 'node:assert';
import { fetchReplayInputs, type ReplayInputs } from '../../../src/debugger/model/replayInputs';
import { startRealPeers, type RealPeers } from '../../fixtures/realPeers/realPeers';

export const show = (v: unknown) =>
  JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x instanceof Uint8Array ? `bytes(${x.length})` : x));

export async function inputsOf(url: string, hash: string): Promise<ReplayInputs> {
  const got = await fetchReplayInputs(url, hash, { fetch: globalThis.fetch });
  assert.ok(got.ok, show(got));
  return got.inputs;
}

/** A loop of ten steps a turn, the turns as call data: PUSH1 0, CALLDATALOAD, then (JUMPDEST, PUSH1 1, SWAP1, SUB, DUP1, PUSH1 0, MSTORE, DUP1, PUSH1 3, JUMPI) until zero. */
export const LOOP_CODE = '0x6000355b60019003806000528060035700';
export const LOOP_AT = '0x00000000000000000000000000000000000100b0';

/** The fixture's anvil for the suite it is called in: started before, stopped after. */
export function usePeers(): () => RealPeers {
  let peers: RealPeers | undefined;
  before(async function () {
    // The first run compiles the contracts (forge build through solc-js); later runs reuse the cache.
    this.timeout(180_000);
    peers = await startRealPeers();
  });
  after(() => peers?.stop());
  return () => peers ?? assert.fail('anvil did not start');
}
