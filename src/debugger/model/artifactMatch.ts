// Which build record a code the replay ran comes from. Runtime code equals an artifact's deployed
// bytecode once the CBOR metadata tail is cut from both (a rebuild from other paths or comments
// changes only that) and the immutables and library addresses are masked; init code is an
// artifact's creation bytecode with the constructor arguments after it. Candidates are bucketed by
// length, so a match compares a few codes, never every artifact's bytes. Pure.
import type { CodeMap, SourceLocation } from './codeMap';
import { readBuildRecord, MAX_BUILD_RECORD_CHARS, type BuildRecord, type BuildSources, type CodeRecord, type ContractRecord } from './artifacts';
import { LineTable, makeJumpAt, makeLocator, metadataTailLength, type MappedSource } from './sourceMap';

/** What adding a file did: indexed it, or skipped it and why. */
export type AddResult = { ok: true; kind: Exclude<BuildRecord['kind'], 'skipped'> } | { ok: false; reason: string };

interface Candidate {
  artifactPath: string;
  contract: ContractRecord;
  /** The build info the contract's sources come from, when one is known. */
  sources: BuildSources | undefined;
  /** Source maps and the sources they name count for more than a bare artifact. */
  rank: number;
  /** Prefer an artifact file over the build info itself when both say the same. */
  isBuildInfo: boolean;
}

interface Prepared {
  candidate: Candidate;
  code: CodeRecord;
  /** Length without the metadata tail. */
  body: number;
}

const key = (sourceName: string | undefined, name: string) => `${sourceName ?? ''}\0${name}`;

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Bytes [0, body) of `code` equal the artifact's outside its masked ranges and `skip`. */
function equalMasked(code: Uint8Array, artifact: CodeRecord, body: number, skip?: { start: number; end: number }): boolean {
  const masked = new Uint8Array(body);
  for (const r of artifact.mask) masked.fill(1, r.start, Math.min(body, r.start + r.length));
  if (skip) masked.fill(1, skip.start, Math.min(body, skip.end));
  const a = artifact.bytes;
  for (let i = 0; i < body; i++) if (masked[i] === 0 && code[i] !== a[i]) return false;
  return true;
}

function rankOf(contract: ContractRecord, code: CodeRecord | undefined, sources: BuildSources | undefined): number {
  if (!code?.sourceMap) return 0;
  return sources && contract.sourceName !== undefined && sources.texts.has(contract.sourceName) ? 2 : 1;
}

/** The project folder of an artifact (workspace-relative, '' for the folder itself): what precedes its `out/` or `artifacts/`. */
export function projectRoot(artifactPath: string): string | undefined {
  const parts = artifactPath.split('/');
  const at = parts.findIndex((p) => p === 'out' || p === 'artifacts');
  return at < 0 ? undefined : parts.slice(0, at).join('/');
}

export class ArtifactIndex {
  private readonly records = new Map<string, BuildRecord>();
  /** Source texts read from the workspace, by project root and compiler path (sourcesWanted). */
  private readonly workspaceTexts = new Map<string, string>();
  private deployedByBody: Map<number, Prepared[]> | undefined;
  private creationByLength: Map<number, Prepared[]> | undefined;
  /** One line table per source text, shared by every code map built from it. */
  private readonly lineTables = new Map<string, LineTable>();

  constructor(private readonly maxFileChars = MAX_BUILD_RECORD_CHARS) {}

  /** Reads one workspace file (workspace-relative path) into the index; a later add of the same path replaces it. */
  add(path: string, text: string): AddResult {
    const record = readBuildRecord(path, text, this.maxFileChars);
    this.records.delete(path);
    this.lineTables.clear();
    this.deployedByBody = undefined;
    this.creationByLength = undefined;
    if (record.kind === 'skipped') return { ok: false, reason: record.reason };
    this.records.set(path, record);
    return { ok: true, kind: record.kind };
  }

  /**
   * The sources an artifact names that no build info holds (forge writes no build info unless
   * asked): its own source, by id and compiler path, below the project folder the artifact sits in
   * (`<root>/out/…` or `<root>/artifacts/…`). The caller reads them from the workspace and hands
   * them back through addSourceText, and the artifact then maps to lines like one with build info.
   */
  sourcesWanted(): Array<{ artifactPath: string; root: string; path: string }> {
    const wanted = new Map<string, { artifactPath: string; root: string; path: string }>();
    for (const [artifactPath, r] of this.records) {
      if (r.kind !== 'artifact' || r.sourceId === undefined || r.contract.sourceName === undefined) continue;
      const root = projectRoot(artifactPath);
      if (root === undefined || this.hasBuildSources(r.contract.sourceName)) continue;
      wanted.set(`${root}\n${r.contract.sourceName}`, { artifactPath, root, path: r.contract.sourceName });
    }
    return [...wanted.values()];
  }

  /** A source's text read from the workspace, for the artifacts below `root` that name `path`. */
  addSourceText(root: string, path: string, text: string): void {
    this.workspaceTexts.set(`${root}\n${path}`, text);
    this.deployedByBody = undefined;
    this.creationByLength = undefined;
  }

  private hasBuildSources(sourceName: string): boolean {
    for (const r of this.records.values()) if ((r.kind === 'buildInfo' || r.kind === 'buildInfoOutput') && r.sources.texts.has(sourceName)) return true;
    return false;
  }

  /** An artifact's own source as the workspace holds it, when no build info does. */
  private ownSource(artifactPath: string, sourceId: number | undefined, sourceName: string | undefined): BuildSources | undefined {
    const root = projectRoot(artifactPath);
    const text = root === undefined || sourceName === undefined ? undefined : this.workspaceTexts.get(`${root}\n${sourceName}`);
    if (sourceId === undefined || sourceName === undefined || text === undefined) return undefined;
    return { ids: new Map([[sourceId, sourceName]]), texts: new Map([[sourceName, text]]) };
  }

  remove(path: string): void {
    if (this.records.delete(path)) {
      this.lineTables.clear();
      this.deployedByBody = undefined;
      this.creationByLength = undefined;
    }
  }

  /** The code map of `code` (runtime code, or the init code of a creation), or undefined when no record holds it. */
  match(code: Uint8Array, creation: boolean): CodeMap | undefined {
    this.prepare();
    const found = creation ? this.matchCreation(code) : this.matchDeployed(code);
    return found ? this.codeMap(found, code) : undefined;
  }

  private matchDeployed(code: Uint8Array): Prepared | undefined {
    const body = code.length - metadataTailLength(code);
    return this.deployedByBody?.get(body)?.find((p) => equalMasked(code, p.code, body));
  }

  private matchCreation(code: Uint8Array): Prepared | undefined {
    let best: Prepared | undefined;
    // One bucket per distinct creation length: constructor arguments only ever follow the code.
    for (const [length, bucket] of this.creationByLength ?? []) {
      if (length > code.length || (best && best.code.bytes.length >= length)) continue;
      // The runtime's metadata sits inside the creation code: a rebuild changes it, nothing else.
      const hit = bucket.find((p) => equalMasked(code, p.code, length, { start: length - metadataTailLength(p.code.bytes), end: length }));
      if (hit) best = hit;
    }
    return best;
  }

  private buildInfos(): { byId: Map<string, BuildSources & { path: string }>; byPath: Map<string, BuildSources> } {
    const byId = new Map<string, BuildSources & { path: string }>();
    const byPath = new Map<string, BuildSources>();
    for (const [path, r] of this.records) {
      if (r.kind !== 'buildInfo' && r.kind !== 'buildInfoOutput') continue;
      const id = r.id;
      const prev = id === undefined ? undefined : byId.get(id);
      // Hardhat 3 splits one build into <id>.json (sources) and <id>.output.json (ids, contracts).
      const merged = {
        path: r.kind === 'buildInfo' ? path : (prev?.path ?? path),
        ids: r.sources.ids.size ? r.sources.ids : (prev?.ids ?? new Map<number, string>()),
        texts: r.sources.texts.size ? r.sources.texts : (prev?.texts ?? new Map<string, string>()),
      };
      if (id !== undefined) byId.set(id, merged);
      byPath.set(path, merged);
    }
    for (const info of byId.values()) byPath.set(info.path, info);
    return { byId, byPath };
  }

  private candidates(): Candidate[] {
    const { byId, byPath } = this.buildInfos();
    const links = new Map<string, string>();
    for (const r of this.records.values()) if (r.kind === 'debugLink') links.set(r.artifactPath, r.buildInfoPath);
    // Build-info contracts by source and name, with the build they came from.
    const built = new Map<string, Array<{ contract: ContractRecord; path: string; sources: BuildSources; claimed: boolean }>>();
    for (const [path, r] of this.records) {
      if ((r.kind !== 'buildInfo' && r.kind !== 'buildInfoOutput') || !r.contracts) continue;
      const sources = (r.id !== undefined ? byId.get(r.id) : undefined) ?? byPath.get(path) ?? r.sources;
      const infoPath = r.id !== undefined ? (byId.get(r.id)?.path ?? path) : path;
      for (const c of r.contracts) {
        const list = built.get(key(c.sourceName, c.contractName)) ?? [];
        list.push({ contract: c, path: infoPath, sources, claimed: false });
        built.set(key(c.sourceName, c.contractName), list);
      }
    }
    const out: Candidate[] = [];
    for (const [path, r] of this.records) {
      if (r.kind !== 'artifact') continue;
      const fromBuild = built.get(key(r.contract.sourceName, r.contract.contractName)) ?? [];
      const wanted = links.get(path) ?? (r.buildInfoId !== undefined ? byId.get(r.buildInfoId)?.path : undefined);
      // A Foundry artifact names no build info: its source id and its code pick the build.
      const sameSource = (b: { sources: BuildSources }) => r.sourceId === undefined || b.sources.ids.get(r.sourceId) === r.contract.sourceName;
      const twin = fromBuild.find(
        (b) =>
          (wanted === undefined || b.path === wanted) &&
          sameSource(b) &&
          sameBytes(b.contract.deployed?.bytes ?? new Uint8Array(), r.contract.deployed?.bytes ?? new Uint8Array()),
      );
      if (twin) twin.claimed = true;
      const contract = twin ? mergeContracts(r.contract, twin.contract) : r.contract;
      out.push(this.candidate(path, contract, twin?.sources ?? this.ownSource(path, r.sourceId, r.contract.sourceName), false));
    }
    for (const list of built.values()) for (const b of list) if (!b.claimed) out.push(this.candidate(b.path, b.contract, b.sources, true));
    return out;
  }

  private candidate(artifactPath: string, contract: ContractRecord, sources: BuildSources | undefined, isBuildInfo: boolean): Candidate {
    return { artifactPath, contract, sources, rank: rankOf(contract, contract.deployed ?? contract.creation, sources), isBuildInfo };
  }

  private prepare(): void {
    if (this.deployedByBody && this.creationByLength) return;
    const deployed = new Map<number, Prepared[]>();
    const creation = new Map<number, Prepared[]>();
    const put = (map: Map<number, Prepared[]>, length: number, p: Prepared) => {
      const bucket = map.get(length);
      if (bucket) bucket.push(p);
      else map.set(length, [p]);
    };
    const ordered = this.candidates().sort(
      (a, b) =>
        b.rank - a.rank || Number(a.isBuildInfo) - Number(b.isBuildInfo) || (a.artifactPath < b.artifactPath ? -1 : a.artifactPath > b.artifactPath ? 1 : 0),
    );
    for (const candidate of ordered) {
      const d = candidate.contract.deployed;
      if (d) put(deployed, d.bytes.length - metadataTailLength(d.bytes), { candidate, code: d, body: d.bytes.length - metadataTailLength(d.bytes) });
      const c = candidate.contract.creation;
      if (c) put(creation, c.bytes.length, { candidate, code: c, body: c.bytes.length });
    }
    this.deployedByBody = deployed;
    this.creationByLength = creation;
  }

  private lineTable(text: string): LineTable {
    let table = this.lineTables.get(text);
    if (!table) {
      table = new LineTable(text);
      this.lineTables.set(text, table);
    }
    return table;
  }

  private codeMap(found: Prepared, code: Uint8Array): CodeMap {
    const { candidate } = found;
    const texts = candidate.sources?.texts;
    const sources = new Map<number, MappedSource>();
    for (const [id, path] of candidate.sources?.ids ?? []) sources.set(id, { path, text: texts?.get(path) });
    const map = found.code.sourceMap;
    const locate: (pc: number) => SourceLocation | undefined = map
      ? makeLocator(code, found.body, map, sources, (text) => this.lineTable(text))
      : () => undefined;
    const result: CodeMap = {
      contractName: candidate.contract.contractName,
      artifactPath: candidate.artifactPath,
      locate,
      jumpAt: map ? makeJumpAt(code, found.body, map) : () => undefined,
      sourceText: (path) => texts?.get(path),
      abi: candidate.contract.abi,
    };
    if (candidate.contract.storageLayout) result.storageLayout = candidate.contract.storageLayout;
    return result;
  }
}

/** The artifact's own ABI and names, the build info's source maps, masks and layout where the artifact lacks them. */
function mergeContracts(artifact: ContractRecord, build: ContractRecord): ContractRecord {
  const pick = (own: CodeRecord | undefined, other: CodeRecord | undefined): CodeRecord | undefined => {
    if (!own) return other;
    if (!other || !sameBytes(own.bytes, other.bytes)) return own;
    return {
      bytes: own.bytes,
      mask: [...own.mask, ...other.mask],
      ...(own.sourceMap || other.sourceMap ? { sourceMap: own.sourceMap ?? other.sourceMap } : {}),
    };
  };
  const merged: ContractRecord = { ...artifact };
  const deployed = pick(artifact.deployed, build.deployed);
  const creation = pick(artifact.creation, build.creation);
  if (deployed) merged.deployed = deployed;
  if (creation) merged.creation = creation;
  const layout = artifact.storageLayout ?? build.storageLayout;
  if (layout) merged.storageLayout = layout;
  return merged;
}
