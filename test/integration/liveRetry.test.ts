// The live hub's retry of a node whose feed could not be prepared (its detection failed), in a real
// extension host with the hub's timers in the test's hands: the retry comes when its timer fires,
// even when that is a millisecond before the retry time by the clock (Node's timers may fire so by
// Date.now()), and not a whole retry period later.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ChainEntry } from '../../src/config/model/chainConfig';
import { LiveHub, type LiveHubDeps } from '../../src/live/hub';
import { FakeTimers } from '../fixtures/fakeTimers';

describe('live hub: a node whose feed failed is tried again when the retry timer fires', () => {
  const chain: ChainEntry = { name: 'Unreachable', nodeUrl: 'http://127.0.0.1:9', chainId: '', generation: 'rebased', source: { scope: 'user' } };

  function hub(timers: FakeTimers): { hub: LiveHub; detections: number[] } {
    const detections: number[] = [];
    const none = new vscode.EventEmitter<never>();
    const deps: LiveHubDeps = {
      chains: { valid: () => [chain], isContactable: () => true, onDidChange: none.event },
      clients: {
        detectGeneration: () => {
          detections.push(timers.now());
          return Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9'));
        },
        apiFor: () => {
          throw new Error('not asked');
        },
      },
      log: { info: () => undefined, warn: () => undefined },
      tokens: { onDidChange: none.event as vscode.Event<string> },
      timers,
    };
    return { hub: new LiveHub(deps), detections };
  }

  async function settled(h: LiveHub): Promise<void> {
    for (let i = 0; i < 50 && h.states()[0]?.problem === undefined; i++) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 10));
  }

  it('tries again when the timer fires a millisecond before the retry time', async () => {
    const timers = new FakeTimers();
    const { hub: h, detections } = hub(timers);
    try {
      h.setNeed('liveView', [chain]);
      await settled(h);
      assert.equal(detections.length, 1);
      assert.match(h.states()[0]?.problem ?? '', /ECONNREFUSED/);
      const [timer] = timers.pending();
      assert.ok(timer, 'a retry is planned');
      timers.fire(detections[0]! + timer.ms - 1);
      await settled(h);
      assert.equal(detections.length, 2, 'the node is asked again when the timer fires');
    } finally {
      h.dispose();
    }
  });

  it('a feed no longer needed is not tried again, and dispose leaves no timer', async () => {
    const timers = new FakeTimers();
    const { hub: h, detections } = hub(timers);
    h.setNeed('liveView', [chain]);
    await settled(h);
    h.setNeed('liveView', []);
    const [timer] = timers.pending();
    if (timer) timers.fire(timers.time + timer.ms);
    await settled(h);
    assert.equal(detections.length, 1);
    h.setNeed('liveView', [chain]);
    h.dispose();
    assert.equal(timers.pending().length, 0);
  });
});
