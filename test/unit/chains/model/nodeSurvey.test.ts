// What Add Chain learns from a node before saving (src/chains/model/nodeSurvey.ts), against a
// loopback server answering as a v2 node, a v1 node (its chain list open or behind a token), a node
// without a chain, a web server that is not a Wasp node, a gate that wants a token, a refused port;
// and where the entry goes.
import * as assert from 'node:assert/strict';
import { isLoopbackUrl, suggestedScope, surveyNode } from '../../../../src/chains/model/nodeSurvey';
import { englishL10n } from '../../../../src/core/l10n';
import { type RouteReply, startRouteServer } from '../../../fixtures/routeServer';
import { clientProbe, useRouteServer, versionReply } from '../../helpers/routeServer';
import { plainRebasedSample, plainStardustSample, rebasedSampleText, stardustSampleText } from '../../helpers/samples';

const V1_CHAIN = plainStardustSample('chain-info') as { chainID: string; isActive: boolean; metadata: { name: string } };
const V2_CHAIN_ID = (plainRebasedSample('chain') as { chainID: string }).chainID;

describe('chains/model/nodeSurvey: what Add Chain asks a node before saving', () => {
  const server = useRouteServer();
  const { routes } = server;

  it("a Rebased node: offers its one chain from /v1/chain, with the node's version", async () => {
    routes.set('/v1/node/version', versionReply('2.0.2'));
    routes.set('/v1/chain', { status: 200, body: rebasedSampleText('chain') });
    assert.deepEqual(await surveyNode(clientProbe(server.base), englishL10n), {
      kind: 'rebased',
      version: '2.0.2',
      chain: { chainId: V2_CHAIN_ID, active: true },
    });
  });

  it('a Stardust node: offers the chains /v1/chains lists, active ones first, named by their metadata, invalid IDs left out', async () => {
    routes.set('/v1/node/version', versionReply('1.0.3'));
    const inactive = { ...V1_CHAIN, isActive: false, chainID: 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5' };
    const active = {
      ...V1_CHAIN,
      chainID: 'smr1prxvwqvwf7nru5q5xvh5thwg54zsm2y4wfnk6yk56hj3exxkg92mx20wl3s',
      metadata: { ...V1_CHAIN.metadata, name: 'Shimmer\u202e EVM' },
    };
    routes.set('/v1/chains', { status: 200, body: JSON.stringify([inactive, { ...V1_CHAIN, chainID: 'not-an-id' }, active]) });
    const s = await surveyNode(clientProbe(server.base), englishL10n);
    assert.equal(s.kind, 'stardust', JSON.stringify(s));
    assert.deepEqual(s.kind === 'stardust' && s, {
      kind: 'stardust',
      version: '1.0.3',
      listed: true,
      chains: [
        { chainId: active.chainID, name: 'Shimmer⟨U+202E⟩ EVM', active: true },
        { chainId: inactive.chainID, name: 'IOTA EVM', active: false },
      ],
    });
  });

  it('a Stardust node whose list needs a token: nothing listed, the user types the ID', async () => {
    routes.set('/v1/node/version', versionReply('1.0.3'));
    routes.set('/v1/chains', { status: 401, body: stardustSampleText('error-401-missing-permission') });
    assert.deepEqual(await surveyNode(clientProbe(server.base), englishL10n), { kind: 'stardust', version: '1.0.3', chains: [], listed: false });
  });

  it('a Rebased node without a chain: a problem, named as the Chains view names it', async () => {
    routes.set('/v1/node/version', versionReply('2.0.2'));
    routes.set('/v1/chain', { status: 404, body: '' });
    const s = await surveyNode(clientProbe(server.base), englishL10n);
    assert.deepEqual(s.kind === 'problem' && [s.problem, s.label], ['noChain', 'node runs no chain']);
  });

  it('a web server answering an HTML 404: not a Wasp node, saying what it answered', async () => {
    const page: RouteReply = { status: 404, body: '<html><body>Not Found</body></html>', type: 'text/html' };
    routes.set('/v1/node/version', page);
    routes.set('/v1/chain', page);
    const s = await surveyNode(clientProbe(server.base), englishL10n);
    assert.equal(s.kind, 'problem', JSON.stringify(s));
    assert.deepEqual(s.kind === 'problem' && [s.problem, s.label], ['notWasp', 'not a Wasp node (it answered an HTML page (HTTP 404))']);
    assert.match(s.kind === 'problem' ? s.detail : '', /It answered: \/v1\/node\/version: .*HTML page/);
  });

  it('a gate that wants a token for everything: needs a token', async () => {
    const denied: RouteReply = { status: 401, body: stardustSampleText('error-401-missing-permission') };
    routes.set('/v1/node/version', denied);
    routes.set('/v1/chain', denied);
    const s = await surveyNode(clientProbe(server.base), englishL10n);
    assert.deepEqual(s.kind === 'problem' && [s.problem, s.label], ['needsToken', 'needs a token with "write" permission']);
  });

  it('a refused port: unreachable, not a generation', async () => {
    const closed = await startRouteServer({ routes: new Map(), seen: [], fallback: 'reset' });
    await closed.close();
    const s = await surveyNode(clientProbe(closed.base), englishL10n);
    assert.deepEqual(s.kind === 'problem' && [s.problem, s.label], ['unreachable', 'unreachable']);
    assert.match(s.kind === 'problem' ? s.detail : '', /connection refused/);
  });

  it('a node on this machine is loopback: localhost, 127/8, ::1; nothing else', () => {
    for (const u of ['http://localhost:9090', 'http://wasp.localhost', 'http://127.0.0.1:1', 'http://127.9.8.7', 'http://[::1]:80/wasp/api'])
      assert.equal(isLoopbackUrl(u), true, u);
    for (const u of ['https://api.evm.iotaledger.net', 'http://10.0.0.1', 'http://localhost.example.com', 'http://128.0.0.1', 'not a url'])
      assert.equal(isLoopbackUrl(u), false, u);
  });

  it('suggests the workspace for a node on this machine when a folder is open, user settings otherwise, saying why', () => {
    assert.equal(suggestedScope(true, 'http://127.0.0.1:9090', englishL10n).target, 'workspace');
    assert.match(suggestedScope(true, 'http://127.0.0.1:9090', englishL10n).why, /on this machine/);
    assert.equal(suggestedScope(false, 'http://127.0.0.1:9090', englishL10n).target, 'user');
    assert.equal(suggestedScope(true, 'https://host/wasp/api', englishL10n).target, 'user');
    assert.match(suggestedScope(true, 'https://host/wasp/api', englishL10n).why, /every workspace/);
  });
});
