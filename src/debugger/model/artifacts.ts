// The build records a workspace holds, read from their text as hostile input (a workspace may be
// hostile): Foundry's out/<File>.sol/<Name>.json and out/build-info/*.json, Hardhat's
// artifacts/<path>/<Name>.json with its .dbg.json and build-info/<id>.json, and Hardhat 3's
// artifacts with a buildInfoId and build info split into <id>.json (input) and <id>.output.json.
// Sizes are checked, each shape goes through a zod schema, and a malformed file is answered with
// the reason it is skipped, never thrown on. ./artifactMatch.ts indexes what this reads. Pure.
import * as z from 'zod/mini';
import { hexToBytes } from '../../core/hex';
import type { StorageLayout, StorageType, StorageVariable } from './codeMap';
import { decodeSourceMap, type DecodedSourceMap } from './sourceMap';

/** A build record larger than this is skipped (solc's build info of a large project with its ASTs stays well under). */
export const MAX_BUILD_RECORD_CHARS = 100 * 1024 * 1024;
/** Twice the EVM's init code limit (49,152 bytes), in hex characters with room to spare. */
const MAX_BYTECODE_HEX = 4 * 49_152 + 2;
const MAX_ABI_ITEMS = 10_000;

/** Byte ranges of a code that differ from deployment to deployment: immutables, library addresses. */
export type CodeMask = ReadonlyArray<{ start: number; length: number }>;

export interface CodeRecord {
  /** The bytecode with unlinked library placeholders as zero bytes. */
  bytes: Uint8Array;
  mask: CodeMask;
  sourceMap?: DecodedSourceMap;
}

export interface ContractRecord {
  contractName: string;
  /** The source's compiler path, e.g. `src/Bank.sol`. */
  sourceName: string | undefined;
  abi: readonly unknown[];
  deployed?: CodeRecord;
  creation?: CodeRecord;
  storageLayout?: StorageLayout;
}

export interface BuildSources {
  /** Compiler path by source id (`output.sources[path].id`). */
  ids: Map<number, string>;
  /** Source text by compiler path (`input.sources[path].content`). */
  texts: Map<string, string>;
}

export type BuildRecord =
  | { kind: 'artifact'; layout: 'foundry' | 'hardhat'; contract: ContractRecord; buildInfoId?: string; sourceId?: number }
  | { kind: 'debugLink'; artifactPath: string; buildInfoPath: string }
  | { kind: 'buildInfo'; id: string | undefined; sources: BuildSources; contracts: ContractRecord[] | undefined }
  | { kind: 'buildInfoOutput'; id: string; sources: BuildSources; contracts: ContractRecord[] }
  | { kind: 'skipped'; reason: string };

const Offset = z.number().check(z.int(), z.minimum(0), z.maximum(1 << 20));
const Ranges = z.array(z.object({ start: Offset, length: Offset })).check(z.maxLength(10_000));
const LinkReferences = z.record(z.string(), z.record(z.string(), Ranges));
const ImmutableReferences = z.record(z.string(), Ranges);
const HexLike = z.string().check(z.maxLength(MAX_BYTECODE_HEX));
const SourceMapText = z.string().check(z.maxLength(4 * 1024 * 1024));
const Abi = z.array(z.unknown()).check(z.maxLength(MAX_ABI_ITEMS));
const Slot = z.string().check(z.regex(/^[0-9]{1,78}$/));
const Bytes = z.string().check(z.regex(/^[0-9]{1,10}$/));
const Label = z.string().check(z.maxLength(1024));
const StorageVar = z.object({ label: Label, slot: Slot, offset: z.number().check(z.int(), z.minimum(0), z.maximum(31)), type: Label });
const StorageTypeSchema = z.object({
  encoding: z.enum(['inplace', 'mapping', 'dynamic_array', 'bytes']),
  label: Label,
  numberOfBytes: Bytes,
  key: z.optional(Label),
  value: z.optional(Label),
  base: z.optional(Label),
  members: z.optional(z.array(StorageVar).check(z.maxLength(10_000))),
});
const StorageLayoutSchema = z.object({
  storage: z.array(StorageVar).check(z.maxLength(10_000)),
  types: z.nullable(z.record(z.string(), StorageTypeSchema)),
});
const Bytecode = z.object({
  object: HexLike,
  sourceMap: z.optional(SourceMapText),
  linkReferences: z.optional(LinkReferences),
  immutableReferences: z.optional(ImmutableReferences),
});
const SolcContract = z.object({
  abi: z.optional(Abi),
  storageLayout: z.optional(StorageLayoutSchema),
  evm: z.optional(z.object({ bytecode: z.optional(Bytecode), deployedBytecode: z.optional(Bytecode) })),
});
const SolcOutput = z.object({
  contracts: z.optional(z.record(z.string(), z.record(z.string(), SolcContract))),
  sources: z.optional(z.record(z.string(), z.object({ id: z.number().check(z.int(), z.minimum(0), z.maximum(1_000_000)) }))),
});
const SolcInput = z.object({ sources: z.record(z.string(), z.object({ content: z.optional(z.string()) })) });
const BuildInfoId = z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,200}$/));
const BuildInfo = z.object({
  id: z.optional(BuildInfoId),
  input: SolcInput,
  output: z.optional(SolcOutput),
  source_id_to_path: z.optional(z.record(z.string(), z.string())),
});
const BuildInfoOutput = z.object({ id: BuildInfoId, output: SolcOutput });
const HardhatArtifact = z.object({
  contractName: Label,
  sourceName: Label,
  abi: Abi,
  bytecode: HexLike,
  deployedBytecode: HexLike,
  linkReferences: z.optional(LinkReferences),
  deployedLinkReferences: z.optional(LinkReferences),
  immutableReferences: z.optional(ImmutableReferences),
  buildInfoId: z.optional(BuildInfoId),
});
const FoundryArtifact = z.object({
  abi: Abi,
  bytecode: z.optional(Bytecode),
  deployedBytecode: Bytecode,
  storageLayout: z.optional(StorageLayoutSchema),
  metadata: z.optional(z.object({ settings: z.optional(z.object({ compilationTarget: z.optional(z.record(z.string(), z.string())) })) })),
  rawMetadata: z.optional(z.string()),
  id: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(1_000_000))),
});
const DebugLink = z.object({ _format: z.literal('hh-sol-dbg-1'), buildInfo: z.string().check(z.maxLength(1024)) });

type Failure = { ok: false; reason: string };
const fail = (reason: string): Failure => ({ ok: false, reason });

function issue(error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }): string {
  const top = error.issues[0];
  return top ? `${top.path.map(String).join('.') || '(top)'}: ${top.message}` : 'unexpected shape';
}

/** Zeros over the link placeholders (`__$…$__`, 40 characters a reference), then strict hex. */
function linkedBytes(hex: string, links: z.infer<typeof LinkReferences> | undefined): { ok: true; bytes: Uint8Array; mask: CodeMask } | Failure {
  const body = hex.startsWith('0x') ? hex.slice(2) : hex;
  const chars = body.split('');
  const mask: Array<{ start: number; length: number }> = [];
  for (const lib of Object.values(links ?? {}))
    for (const ranges of Object.values(lib))
      for (const r of ranges) {
        if (2 * (r.start + r.length) > chars.length) return fail('a link reference lies outside the bytecode');
        chars.fill('0', 2 * r.start, 2 * (r.start + r.length));
        mask.push(r);
      }
  const bytes = hexToBytes(chars.join(''));
  if (!bytes) return fail(mask.length ? 'bytecode is not hex once its link references are set aside' : 'bytecode is not hex');
  return { ok: true, bytes, mask };
}

function codeRecord(
  hex: string,
  sourceMap: string | undefined,
  links: z.infer<typeof LinkReferences> | undefined,
  immutables: z.infer<typeof ImmutableReferences> | undefined,
  runtime: boolean,
): { ok: true; code: CodeRecord | undefined } | Failure {
  const linked = linkedBytes(hex, links);
  if (!linked.ok) return linked;
  // An interface or an abstract contract has no code to match.
  if (linked.bytes.length === 0) return { ok: true, code: undefined };
  const mask = [...linked.mask];
  for (const ranges of Object.values(immutables ?? {}))
    for (const r of ranges) {
      if (r.start + r.length > linked.bytes.length) return fail('an immutable reference lies outside the bytecode');
      mask.push(r);
    }
  if (runtime && isLibraryRuntime(linked.bytes)) mask.push({ start: 1, length: 20 });
  const code: CodeRecord = { bytes: linked.bytes, mask };
  if (sourceMap !== undefined && sourceMap !== '') {
    const decoded = decodeSourceMap(sourceMap);
    if (!decoded.ok) return fail(decoded.reason);
    code.sourceMap = decoded.map;
  }
  return { ok: true, code };
}

/**
 * A library's runtime code opens with PUSH20 <its own address> ADDRESS EQ (solc's guard against a
 * state-changing call other than by DELEGATECALL); the compiler leaves zeros there, the deployment
 * writes the address.
 */
function isLibraryRuntime(bytes: Uint8Array): boolean {
  return bytes.length > 23 && bytes[0] === 0x73 && bytes[21] === 0x30 && bytes[22] === 0x14;
}

function storageLayout(raw: z.infer<typeof StorageLayoutSchema> | undefined): StorageLayout | undefined {
  if (!raw) return undefined;
  const variable = (v: z.infer<typeof StorageVar>): StorageVariable => ({ label: v.label, slot: BigInt(v.slot), offset: v.offset, type: v.type });
  const types: Record<string, StorageType> = Object.create(null) as Record<string, StorageType>;
  for (const [id, t] of Object.entries(raw.types ?? {})) {
    const type: StorageType = { encoding: t.encoding, label: t.label, numberOfBytes: Number(t.numberOfBytes) };
    if (t.key !== undefined) type.key = t.key;
    if (t.value !== undefined) type.value = t.value;
    if (t.base !== undefined) type.base = t.base;
    if (t.members) type.members = t.members.map(variable);
    types[id] = type;
  }
  return { storage: raw.storage.map(variable), types };
}

type Code = { deployed?: CodeRecord; creation?: CodeRecord };

function bothCodes(
  deployed: z.infer<typeof Bytecode> | undefined,
  creation: z.infer<typeof Bytecode> | undefined,
  where: string,
): { ok: true; codes: Code } | Failure {
  const codes: Code = {};
  if (deployed) {
    const r = codeRecord(deployed.object, deployed.sourceMap, deployed.linkReferences, deployed.immutableReferences, true);
    if (!r.ok) return fail(`${where}deployedBytecode: ${r.reason}`);
    if (r.code) codes.deployed = r.code;
  }
  if (creation) {
    const r = codeRecord(creation.object, creation.sourceMap, creation.linkReferences, undefined, false);
    if (!r.ok) return fail(`${where}bytecode: ${r.reason}`);
    if (r.code) codes.creation = r.code;
  }
  return { ok: true, codes };
}

function solcContracts(output: z.infer<typeof SolcOutput>): { ok: true; contracts: ContractRecord[] } | Failure {
  const contracts: ContractRecord[] = [];
  for (const [sourceName, byName] of Object.entries(output.contracts ?? {}))
    for (const [contractName, c] of Object.entries(byName)) {
      const codes = bothCodes(c.evm?.deployedBytecode, c.evm?.bytecode, `output.contracts.${sourceName}.${contractName}.evm.`);
      if (!codes.ok) return codes;
      const layout = storageLayout(c.storageLayout);
      contracts.push({ contractName, sourceName, abi: c.abi ?? [], ...codes.codes, ...(layout ? { storageLayout: layout } : {}) });
    }
  return { ok: true, contracts };
}

function sourceIds(output: z.infer<typeof SolcOutput> | undefined, fallback: Record<string, string> | undefined): Map<number, string> {
  const ids = new Map<number, string>();
  for (const [path, s] of Object.entries(output?.sources ?? {})) ids.set(s.id, path);
  if (ids.size === 0) for (const [id, path] of Object.entries(fallback ?? {})) if (/^[0-9]{1,7}$/.test(id)) ids.set(Number(id), path);
  return ids;
}

function readBuildInfo(raw: z.infer<typeof BuildInfo>): BuildRecord {
  const texts = new Map<string, string>();
  for (const [path, s] of Object.entries(raw.input.sources)) if (s.content !== undefined) texts.set(path, s.content);
  const sources = { ids: sourceIds(raw.output, raw.source_id_to_path), texts };
  if (!raw.output) return { kind: 'buildInfo', id: raw.id, sources, contracts: undefined };
  const contracts = solcContracts(raw.output);
  if (!contracts.ok) return { kind: 'skipped', reason: contracts.reason };
  return { kind: 'buildInfo', id: raw.id, sources, contracts: contracts.contracts };
}

/** `dir/a/../b` → `dir/b`; undefined when it climbs out of the workspace. */
export function joinPath(dir: string, relative: string): string | undefined {
  const parts: string[] = [];
  for (const p of `${dir}/${relative}`.split('/')) {
    if (p === '' || p === '.') continue;
    if (p === '..') {
      if (parts.pop() === undefined) return undefined;
    } else parts.push(p);
  }
  return parts.join('/');
}

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const dirName = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));

function foundrySourceName(raw: z.infer<typeof FoundryArtifact>): string | undefined {
  const target = raw.metadata?.settings?.compilationTarget;
  if (target) return Object.keys(target)[0];
  try {
    const meta = JSON.parse(raw.rawMetadata ?? 'null') as { settings?: { compilationTarget?: Record<string, unknown> } } | null;
    const t = meta?.settings?.compilationTarget;
    return t && typeof t === 'object' ? Object.keys(t)[0] : undefined;
  } catch {
    return undefined;
  }
}

function readFoundryArtifact(path: string, raw: z.infer<typeof FoundryArtifact>): BuildRecord {
  const codes = bothCodes(raw.deployedBytecode, raw.bytecode, '');
  if (!codes.ok) return { kind: 'skipped', reason: codes.reason };
  const layout = storageLayout(raw.storageLayout);
  const contract: ContractRecord = {
    contractName: baseName(path).replace(/\.json$/, ''),
    sourceName: foundrySourceName(raw),
    abi: raw.abi,
    ...codes.codes,
    ...(layout ? { storageLayout: layout } : {}),
  };
  return { kind: 'artifact', layout: 'foundry', contract, ...(raw.id !== undefined ? { sourceId: raw.id } : {}) };
}

function readHardhatArtifact(raw: z.infer<typeof HardhatArtifact>): BuildRecord {
  const deployed = { object: raw.deployedBytecode, linkReferences: raw.deployedLinkReferences, immutableReferences: raw.immutableReferences };
  const codes = bothCodes(deployed, { object: raw.bytecode, linkReferences: raw.linkReferences }, '');
  if (!codes.ok) return { kind: 'skipped', reason: codes.reason };
  const contract: ContractRecord = { contractName: raw.contractName, sourceName: raw.sourceName, abi: raw.abi, ...codes.codes };
  return { kind: 'artifact', layout: 'hardhat', contract, ...(raw.buildInfoId !== undefined ? { buildInfoId: raw.buildInfoId } : {}) };
}

function parse<T>(schema: z.ZodMiniType<T>, value: unknown, then: (v: T) => BuildRecord): BuildRecord {
  const r = schema.safeParse(value);
  return r.success ? then(r.data) : { kind: 'skipped', reason: issue(r.error) };
}

/** What one workspace file (workspace-relative path, text) holds as a build record. */
export function readBuildRecord(path: string, text: string, maxChars = MAX_BUILD_RECORD_CHARS): BuildRecord {
  if (text.length > maxChars) return { kind: 'skipped', reason: `larger than ${maxChars} characters` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'skipped', reason: 'not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'skipped', reason: 'not a JSON object' };
  const v = value as Record<string, unknown>;
  if (v._format === 'hh-sol-dbg-1')
    return parse(DebugLink, v, (d) => {
      const buildInfoPath = joinPath(dirName(path), d.buildInfo);
      return buildInfoPath === undefined
        ? { kind: 'skipped', reason: 'buildInfo: points outside the workspace' }
        : { kind: 'debugLink', artifactPath: path.replace(/\.dbg\.json$/, '.json'), buildInfoPath };
    });
  if (v._format === 'hh3-sol-build-info-output-1')
    return parse(BuildInfoOutput, v, (o) => {
      const contracts = solcContracts(o.output);
      if (!contracts.ok) return { kind: 'skipped', reason: contracts.reason };
      return { kind: 'buildInfoOutput', id: o.id, sources: { ids: sourceIds(o.output, undefined), texts: new Map() }, contracts: contracts.contracts };
    });
  if ('input' in v) return parse(BuildInfo, v, readBuildInfo);
  if (typeof v.deployedBytecode === 'string') return parse(HardhatArtifact, v, readHardhatArtifact);
  if (typeof v.deployedBytecode === 'object') return parse(FoundryArtifact, v, (a) => readFoundryArtifact(path, a));
  return { kind: 'skipped', reason: 'not a build record (no deployedBytecode, no compiler input)' };
}
