// Build records written small in the shapes forge, Hardhat 2 and Hardhat 3 write, for the tests of
// debugger/model/artifactMatch: codes are hex without 0x, a map is a solc source map.
import { strict as assert } from 'node:assert';
import { hexToBytes } from '../../../src/core/hex';

export const code = (hex: string): Uint8Array => hexToBytes(hex) ?? assert.fail(`not hex: ${hex}`);

export interface Codes {
  deployed?: string;
  map?: string;
  creation?: string;
  creationMap?: string;
}

const bytecode = (object = '', sourceMap?: string) => ({ object: `0x${object}`, ...(sourceMap ? { sourceMap } : {}) });

/** forge's out/<File>.sol/<Name>.json: the source from compilationTarget, the source id as `id`. */
export function foundry(o: Codes & { source?: string; id?: number; layout?: unknown }): string {
  return JSON.stringify({
    abi: [],
    bytecode: bytecode(o.creation, o.creationMap),
    deployedBytecode: bytecode(o.deployed, o.map),
    ...(o.source ? { metadata: { settings: { compilationTarget: { [o.source]: 'X' } } } } : {}),
    ...(o.id !== undefined ? { id: o.id } : {}),
    ...(o.layout ? { storageLayout: o.layout } : {}),
  });
}

/** Hardhat's artifacts/<path>/<Name>.json: bare hex codes, no maps. */
export function hardhat(name: string, source: string, o: Codes & { immutables?: unknown; buildInfoId?: string }): string {
  return JSON.stringify({
    contractName: name,
    sourceName: source,
    abi: [],
    bytecode: `0x${o.creation ?? ''}`,
    deployedBytecode: `0x${o.deployed ?? ''}`,
    ...(o.immutables ? { immutableReferences: o.immutables } : {}),
    ...(o.buildInfoId ? { buildInfoId: o.buildInfoId } : {}),
  });
}

export type BuildContracts = Record<string, Record<string, Codes & { layout?: unknown }>>;

const solcOutput = (ids: Record<string, number>, contracts: BuildContracts) => ({
  sources: Object.fromEntries(Object.entries(ids).map(([path, id]) => [path, { id }])),
  contracts: Object.fromEntries(
    Object.entries(contracts).map(([source, byName]) => [
      source,
      Object.fromEntries(
        Object.entries(byName).map(([name, c]) => [
          name,
          {
            abi: [],
            evm: { bytecode: bytecode(c.creation, c.creationMap), deployedBytecode: bytecode(c.deployed, c.map) },
            ...(c.layout ? { storageLayout: c.layout } : {}),
          },
        ]),
      ),
    ]),
  ),
});

const input = (texts: Record<string, string | undefined>) => ({
  sources: Object.fromEntries(Object.entries(texts).map(([path, content]) => [path, content === undefined ? {} : { content }])),
});

/** A build info of one file (forge, Hardhat 2): input texts, output ids and contracts. */
export function buildInfo(texts: Record<string, string | undefined>, ids: Record<string, number>, contracts: BuildContracts, id?: string): string {
  return JSON.stringify({ ...(id ? { id } : {}), input: input(texts), output: solcOutput(ids, contracts) });
}

/** Hardhat 3's build split in two: <id>.json (input) and <id>.output.json (ids, contracts). */
export function hardhat3Build(id: string, texts: Record<string, string>, ids: Record<string, number>, contracts: BuildContracts): [string, string] {
  return [
    JSON.stringify({ _format: 'hh3-sol-build-info-1', id, input: input(texts) }),
    JSON.stringify({ _format: 'hh3-sol-build-info-output-1', id, output: solcOutput(ids, contracts) }),
  ];
}
