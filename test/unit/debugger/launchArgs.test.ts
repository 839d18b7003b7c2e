// What starts a debug session, checked before anything is asked: the hash, the chain, the frame,
// the chain chosen by abilities when none is named, the session's name and the starters.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEBUG_TYPE } from '../../../src/constants';
import {
  asksForTransaction,
  canDebug,
  checkLaunchArgs,
  chooseChain,
  commandArgument,
  debugSessionName,
  hashProblem,
  launchConfiguration,
  normalHash,
  REPLAY_LIMITS,
  replayLimits,
  starterConfigurations,
  unwrapPasted,
  type ChainChoice,
} from '../../../src/debugger/model/launchArgs';

const HASH = `0x${'ab'.repeat(32)}`;
const UPPER = `0x${'AB'.repeat(32)}`;

const both = { evmTransactions: true, callTraces: true, replays: true };
const chain = (name: string, can = both): ChainChoice => ({ name, can });

describe('debugger/model/launchArgs: a transaction hash', () => {
  it('accepts 0x and 64 hex digits, either case, pasted with quotes, backticks or spaces', () => {
    for (const v of [HASH, UPPER, ` ${HASH}\n`, `"${HASH}"`, `'${HASH}'`, `\`${HASH}\``, `\u201c${HASH}\u201d`, `"'${HASH}'"`])
      assert.equal(hashProblem(v), undefined, v);
  });

  it('refuses in words what is not one, saying what is wrong', () => {
    assert.match(hashProblem('')!, /needed/);
    assert.match(hashProblem(undefined)!, /needed/);
    assert.match(hashProblem(42)!, /needed/);
    assert.match(hashProblem('ab'.repeat(32))!, /starts with 0x/);
    assert.match(hashProblem(`0x${'zz'.repeat(32)}`)!, /Only hex digits/);
    assert.equal(hashProblem(`0x${'ab'.repeat(31)}`), 'A transaction hash has 64 hex digits after 0x; this has 62.');
    // A Stardust request ID is not a transaction hash: its hash is its first 64 hex digits.
    assert.equal(hashProblem(`${HASH}0000`), 'A transaction hash has 64 hex digits after 0x; this has 68.');
    // A quote that does not close is not taken off.
    assert.match(hashProblem(`"${HASH}'`)!, /starts with 0x/);
  });

  it('is named lower-case without what was pasted around it', () => {
    assert.equal(normalHash(` "${UPPER}" `), HASH);
    assert.equal(unwrapPasted('```x```'), 'x');
    assert.equal(unwrapPasted('"x\''), '"x\'');
  });
});

describe('debugger/model/launchArgs: the command argument and a launch configuration', () => {
  it('keeps a valid transaction, chain, frame and stopOnEntry, the hash lower-cased and the chain trimmed', () => {
    const r = checkLaunchArgs({ transaction: UPPER, chain: ' IOTA EVM ', frame: 3, stopOnEntry: false });
    assert.deepEqual(r, { ok: true, value: { transaction: HASH, chain: 'IOTA EVM', frame: 3, stopOnEntry: false } });
    assert.deepEqual(checkLaunchArgs({ transaction: HASH }), { ok: true, value: { transaction: HASH } });
  });

  it('refuses a malformed hash, naming what was given', () => {
    const r = checkLaunchArgs({ transaction: '0x1234', chain: 'IOTA EVM' });
    assert.equal(r.ok, false);
    assert.equal(!r.ok && r.problem, 'Not a transaction hash (0x1234): A transaction hash has 64 hex digits after 0x; this has 4.');
  });

  it('refuses a hash that is not text, or is missing, with the words alone', () => {
    const needed = 'A transaction hash is needed: 0x followed by 64 hex digits.';
    assert.deepEqual(checkLaunchArgs({ transaction: 1234 }), { ok: false, problem: needed });
    assert.deepEqual(checkLaunchArgs({}), { ok: false, problem: needed });
    assert.deepEqual(checkLaunchArgs({ transaction: ' "" ' }), { ok: false, problem: needed });
  });

  it('refuses a chain that is not a name, a frame that is not a call-order index, a stopOnEntry that is not a boolean', () => {
    for (const bad of [
      { transaction: HASH, chain: '' },
      { transaction: HASH, chain: 7 },
      { transaction: HASH, frame: -1 },
      { transaction: HASH, frame: 1.5 },
      { transaction: HASH, frame: '2' },
      { transaction: HASH, frame: 2 ** 53 },
      { transaction: HASH, stopOnEntry: 'yes' },
    ]) {
      const r = checkLaunchArgs(bad);
      assert.equal(r.ok, false, JSON.stringify(bad));
      assert.ok(!r.ok && r.problem.length > 10, JSON.stringify(bad));
    }
    assert.equal(checkLaunchArgs(null).ok, false);
    assert.equal(checkLaunchArgs([HASH]).ok, false);
  });

  it('takes frame 0, the transaction itself', () => {
    assert.deepEqual(checkLaunchArgs({ transaction: HASH, frame: 0 }), { ok: true, value: { transaction: HASH, frame: 0 } });
  });

  it('asks for the transaction only when none is named', () => {
    assert.equal(asksForTransaction({}), true);
    assert.equal(asksForTransaction({ type: DEBUG_TYPE, request: 'launch', chain: 'x' }), true);
    assert.equal(asksForTransaction({ transaction: '' }), false);
  });

  it("reads a hash alone, an object as is and the Chains view's row of an EVM request; anything else is no argument", () => {
    assert.deepEqual(commandArgument(HASH), { transaction: HASH });
    const given = { transaction: HASH, chain: 'c', frame: 2 };
    assert.equal(commandArgument(given), given);
    assert.deepEqual(commandArgument({ requestId: `${HASH}0000`, chainName: 'ShimmerEVM', kind: 'receipt' }), { transaction: HASH, chain: 'ShimmerEVM' });
    assert.deepEqual(commandArgument({ requestId: HASH }), { transaction: HASH });
    assert.deepEqual(commandArgument({ requestId: 'nope', chainName: 'c' }), {});
    assert.deepEqual(commandArgument(undefined), {});
    assert.deepEqual(commandArgument([HASH]), {});
    assert.deepEqual(commandArgument(3), {});
  });
});

describe('debugger/model/launchArgs: the chain of a session, by what chains can do', () => {
  it('needs the transaction by hash and its traces', () => {
    assert.equal(canDebug(chain('a')), true);
    assert.equal(canDebug(chain('a', { evmTransactions: true, callTraces: false, replays: true })), false);
    assert.equal(canDebug(chain('a', { evmTransactions: false, callTraces: true, replays: true })), false);
  });

  it('needs the pre-state too: a chain whose node has no prestate tracer (Wasp 1) cannot be replayed', () => {
    assert.equal(canDebug(chain('Stardust', { evmTransactions: true, callTraces: true, replays: false })), false);
  });

  it('takes the default chain when it can serve a session, whatever its place', () => {
    const chains = [chain('A'), chain('B')];
    assert.deepEqual(chooseChain(chains, 'b'), { pick: chains[1] });
  });

  it('takes the only chain that can serve a session, without asking', () => {
    const only = chain('Only');
    assert.deepEqual(chooseChain([chain('L1 only', { evmTransactions: false, callTraces: false, replays: true }), only], undefined), { pick: only });
    // A default that cannot serve it is passed over.
    assert.deepEqual(chooseChain([chain('Default', { evmTransactions: true, callTraces: false, replays: true }), only], 'Default'), { pick: only });
  });

  it('asks among the chains that can serve a session when there are several and no default among them; says when there is none', () => {
    const a = chain('A');
    const b = chain('B');
    assert.deepEqual(chooseChain([a, chain('x', { evmTransactions: false, callTraces: true, replays: true }), b], 'Elsewhere'), { ask: [a, b] });
    assert.deepEqual(chooseChain([], undefined), { none: true });
    assert.deepEqual(chooseChain([chain('x', { evmTransactions: false, callTraces: false, replays: true })], 'x'), { none: true });
  });
});

describe('debugger/model/launchArgs: the session started', () => {
  it('is named by the short hash and the chain, and by the call it starts from', () => {
    const hash = `0x1234${'0'.repeat(56)}abcd`;
    assert.equal(debugSessionName(hash, 'IOTA EVM', undefined), 'Debug 0x1234…abcd on IOTA EVM');
    assert.equal(debugSessionName(hash, 'IOTA EVM', 0), 'Debug 0x1234…abcd on IOTA EVM');
    assert.equal(debugSessionName(hash, 'IOTA EVM', 3), 'Debug 0x1234…abcd on IOTA EVM from call 3');
  });

  it('is a wasp-evm launch with the checked values, frame and stopOnEntry only when given', () => {
    assert.deepEqual(launchConfiguration({ transaction: HASH, chain: 'C' }), {
      type: 'wasp-evm',
      request: 'launch',
      name: 'Debug 0xabab…abab on C',
      transaction: HASH,
      chain: 'C',
    });
    const withFrame = launchConfiguration({ transaction: HASH, chain: 'C', frame: 2, stopOnEntry: false });
    assert.equal(withFrame.frame, 2);
    assert.equal(withFrame.stopOnEntry, false);
  });

  it("offers launch.json one starter per chain that can serve a session, a hash to fill in; the Run view's ask for it", () => {
    const chains = [chain('A'), chain('No traces', { evmTransactions: true, callTraces: false, replays: true }), chain('B')];
    const starters = starterConfigurations(chains, { withHash: true });
    assert.deepEqual(
      starters.map((s) => [s.name, s.chain, s.transaction]),
      [
        ['Debug an EVM transaction on A', 'A', '0x'],
        ['Debug an EVM transaction on B', 'B', '0x'],
      ],
    );
    for (const s of starters) assert.equal(s.type, 'wasp-evm');
    const dynamic = starterConfigurations(chains, { withHash: false });
    assert.equal(dynamic.length, 2);
    for (const s of dynamic) assert.equal(asksForTransaction(s), true);
    assert.deepEqual(starterConfigurations([], { withHash: true }), [
      { type: 'wasp-evm', request: 'launch', name: 'Debug an EVM transaction', transaction: '0x', stopOnEntry: true },
    ]);
  });
});

describe('debugger/model/launchArgs: the bounds of a replay', () => {
  it('takes the defaults for a value that is not a number', () => {
    for (const v of [undefined, null, '100', Number.NaN, Number.POSITIVE_INFINITY])
      assert.deepEqual(replayLimits(v, v), { maxSteps: 5_000_000, maxMemoryBytes: 512 * 1024 * 1024 }, String(v));
  });

  it("holds a value within the manifest's bounds, rounded down", () => {
    assert.deepEqual(replayLimits(10, 1), { maxSteps: 1_000, maxMemoryBytes: 64 * 1024 * 1024 });
    assert.deepEqual(replayLimits(1e12, 1e9), { maxSteps: 50_000_000, maxMemoryBytes: 8_192 * 1024 * 1024 });
    assert.deepEqual(replayLimits(20_000.9, 100.5), { maxSteps: 20_000, maxMemoryBytes: 100 * 1024 * 1024 });
  });

  it('agrees with the manifest', () => {
    const manifest = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { default: number; minimum: number; maximum: number }> } };
    };
    for (const key of ['maxSteps', 'maxMemoryMB'] as const) {
      const p = manifest.contributes.configuration.properties[`waspChain.debug.${key}`];
      assert.deepEqual([p?.default, p?.minimum, p?.maximum], [REPLAY_LIMITS[key].default, REPLAY_LIMITS[key].min, REPLAY_LIMITS[key].max], key);
    }
  });
});
