// What a launch request becomes before the first stop: the chain's JSON-RPC asked for the
// transaction, its block, its pre-state and its call tree; the replay run and recorded; the
// workspace's build records matched to the code of every frame; names from the workspace's ABIs.
// Nothing but the chain's JSON-RPC is asked (no token goes with it: the JSON-RPC is public on both
// generations).
import * as vscode from 'vscode';
import { Settings } from '../constants';
import type { ChainRegistry } from '../config/chainRegistry';
import { shortId } from '../core/format';
import { loadAbiCoder } from '../evm/model/decode';
import { magicAbiIndex } from '../evm/model/iscMagic';
import { TRACE_MAX_BYTES, TRACE_TIMEOUT_MS } from '../evm/model/jsonRpc';
import type { AbiIndex } from '../evm/model/abiIndex';
import { readBuildRecords, readWorkspaceSource, workspaceSourceFile } from '../workspace/buildRecords';
import { rpcFailureText } from '../transactions/model/evmExplain';
import { checkLaunchArgs, replayLimits } from './model/launchArgs';
import { ArtifactIndex, projectRoot } from './model/artifactMatch';
import type { CodeMap } from './model/codeMap';
import { Describer } from './model/describe';
import { LineIndex } from './model/lineIndex';
import type { PreparedReplay, ReplayProgress, SourceFile } from './model/prepared';
import type { Recording, ReplayFrame } from './model/recording';
import { fetchReplayInputs, type ReplayInputsOutcome } from './model/replayInputs';
import { replayTransaction } from './model/replay';
import { nameSlot } from './model/storageNames';

export interface PrepareDeps {
  readonly chains: Pick<ChainRegistry, 'jsonRpcOf' | 'defaultChainName'>;
  readonly log: vscode.LogOutputChannel;
  /** The workspace's ABIs (names for code no build record matches). */
  abis(): Promise<AbiIndex>;
}

/** Sources read from the workspace for artifacts without build info, at most. */
const MAX_SOURCES_READ = 500;

/** The two replay limits of the settings, held to the manifest's bounds. */
function limits(): { maxSteps: number; maxMemoryBytes: number } {
  const config = vscode.workspace.getConfiguration(Settings.section);
  return replayLimits(config.get<unknown>(Settings.debugMaxSteps), config.get<unknown>(Settings.debugMaxMemoryMB));
}

/** What the replay asked for, by the failure's `what`. */
const ASKED: Record<Exclude<ReplayInputsOutcome, { ok: true }>['what'], string> = {
  transaction: 'eth_getTransactionByHash',
  block: 'eth_getBlockByNumber',
  receipt: 'eth_getTransactionReceipt',
  prestate: 'debug_traceTransaction (prestateTracer)',
  callTrace: 'debug_traceTransaction (callTracer)',
  chainId: 'eth_chainId',
};

function failureText(f: Exclude<ReplayInputsOutcome, { ok: true }>): string {
  if (f.what === 'prestate' && f.reason === 'methodUnavailable' && f.detail) return f.detail;
  return rpcFailureText(f, vscode.l10n, {
    method: ASKED[f.what],
    maxBytes: TRACE_MAX_BYTES,
    timeoutMs: TRACE_TIMEOUT_MS,
    answer: (l10n) => l10n.t('a valid JSON-RPC answer'),
  });
}

/** The build records' code maps for each frame of the recording (a creation matches its init code). */
async function codeMapsOf(rec: Recording, deps: PrepareDeps, signal: AbortSignal): Promise<{ maps: (CodeMap | undefined)[]; roots: Map<CodeMap, vscode.Uri> }> {
  const read = await readBuildRecords(deps.log, signal);
  const index = new ArtifactIndex();
  const folderOf = new Map<string, vscode.Uri>();
  for (const f of read.files) {
    index.add(f.relativePath, f.text);
    folderOf.set(f.relativePath, f.folder);
  }
  // forge writes no build info unless asked: an artifact's own source is then read from the workspace.
  for (const w of index.sourcesWanted().slice(0, MAX_SOURCES_READ)) {
    const folder = folderOf.get(w.artifactPath);
    const text = folder ? await readWorkspaceSource(folder, w.root ? `${w.root}/${w.path}` : w.path) : undefined;
    if (text !== undefined) index.addSourceText(w.root, w.path, text);
  }
  // One code map per account's code: a contract called a thousand times is matched once, and its
  // instruction and line tables are built once.
  const byAddress = new Map<string, CodeMap | undefined>();
  const matchOf = (f: ReplayFrame): CodeMap | undefined => {
    if (f.native || f.code.length === 0) return undefined;
    if (f.kind === 'CREATE' || f.kind === 'CREATE2') return index.match(f.code, true);
    if (!byAddress.has(f.codeAddress)) byAddress.set(f.codeAddress, index.match(f.code, false));
    return byAddress.get(f.codeAddress);
  };
  const maps = rec.frames.map(matchOf);
  const roots = new Map<CodeMap, vscode.Uri>();
  for (const map of maps) {
    if (!map || roots.has(map)) continue;
    const folder = folderOf.get(map.artifactPath);
    const root = projectRoot(map.artifactPath);
    if (folder && root !== undefined) roots.set(map, root ? vscode.Uri.joinPath(folder, ...root.split('/')) : folder);
  }
  deps.log.info(
    `Debugger: ${read.files.length} build records read (${read.skipped} not read), ${maps.filter(Boolean).length} of ${maps.length} frames matched`,
  );
  return { maps, roots };
}

export async function prepareReplay(deps: PrepareDeps, raw: Readonly<Record<string, unknown>>, progress: ReplayProgress): Promise<PreparedReplay> {
  const args = checkLaunchArgs(raw, vscode.l10n);
  if (!args.ok) throw new Error(args.problem);
  const { transaction } = args.value;
  const chain = args.value.chain ?? deps.chains.defaultChainName();
  if (chain === undefined) throw new Error(vscode.l10n.t('Name the chain of the transaction ("chain" in the launch configuration).'));
  const target = await deps.chains.jsonRpcOf(chain);
  if (!target)
    throw new Error(vscode.l10n.t('{0} has no EVM JSON-RPC the debugger may ask (or its settings come from a workspace that is not trusted).', chain));
  const inputs = await fetchReplayInputs(target.url, transaction, { fetch: globalThis.fetch, signal: progress.signal });
  if (!inputs.ok) throw new Error(vscode.l10n.t('{0} ({1}), {2}: {3}', chain, target.host, ASKED[inputs.what], failureText(inputs)));
  const recording = await replayTransaction(inputs.inputs, { ...limits(), signal: progress.signal, onProgress: (n: number) => progress.report(n) });
  const [{ maps, roots }, coder, abis, magic] = await Promise.all([
    codeMapsOf(recording, deps, progress.signal),
    loadAbiCoder(),
    deps.abis(),
    Promise.all([magicAbiIndex('rebased'), magicAbiIndex('stardust')]),
  ]);
  const files = new Map<string, SourceFile>();
  const compilerPaths = new Map<string, string>();
  const lines = new LineIndex(recording, (f) => maps[f]);
  for (const [map, root] of roots) {
    for (const path of lines.sourcePaths(map)) {
      const uri = await workspaceSourceFile(root, path);
      const name = path.split('/').pop() ?? path;
      const file: SourceFile = uri ? { name, path: uri.scheme === 'file' ? uri.fsPath : uri.toString() } : { name };
      files.set(`${map.artifactPath}\n${path}`, file);
      if (file.path !== undefined) compilerPaths.set(file.path, path);
    }
  }
  return {
    recording,
    codeMapOf: (f) => maps[f],
    lines,
    describer: new Describer(coder, [abis], vscode.l10n, magic),
    sourceOf: (path, map) => files.get(`${map.artifactPath}\n${path}`) ?? { name: path.split('/').pop() ?? path },
    compilerPathOf: (p) => compilerPaths.get(p) ?? compilerPaths.get(vscode.Uri.file(p).fsPath),
    slotName: (map, slot) => (map?.storageLayout ? nameSlot(map.storageLayout, slot, recording.keccakPreimages) : undefined),
    title: `${shortId(transaction)} on ${chain}`,
  };
}
