// What the workspace's build records say about code the replay ran: which contract it is and which
// source range each program counter belongs to (./artifacts.ts matches the code to an artifact;
// ./sourceMap.ts decodes solc's source map). The debug session reads only this. Pure.

/** A source range of one instruction, with its lines (1-based) and columns (1-based, in characters). */
export interface SourceLocation {
  /** The source's path as the compiler saw it (e.g. `src/Bank.sol`, `contracts/Vault.sol`). */
  path: string;
  /** Byte offset and length in the source, as solc counts them (UTF-8 bytes). */
  start: number;
  length: number;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** solc's jump mark: into a function, out of one, or a plain instruction. */
  jump: 'i' | 'o' | '-';
}

/** One state variable of the compiler's storage layout (solc `storageLayout`). */
export interface StorageVariable {
  label: string;
  slot: bigint;
  /** Byte offset inside the slot (packed variables). */
  offset: number;
  /** solc's type id, e.g. `t_mapping(t_address,t_uint256)`. */
  type: string;
}

/** A storage type of the layout, by solc's type id. */
export interface StorageType {
  encoding: 'inplace' | 'mapping' | 'dynamic_array' | 'bytes';
  label: string;
  numberOfBytes: number;
  key?: string;
  value?: string;
  base?: string;
  members?: StorageVariable[];
}

export interface StorageLayout {
  storage: StorageVariable[];
  types: Record<string, StorageType>;
}

export interface CodeMap {
  contractName: string;
  /** Workspace-relative path of the artifact it was matched to. */
  artifactPath: string;
  /** The source range of the instruction at `pc`; undefined for a pc with no mapping (push data, metadata, a compiler-generated range). */
  locate(pc: number): SourceLocation | undefined;
  /**
   * solc's jump mark of the instruction at `pc`, whatever source it maps to (generated code too):
   * the debugger counts internal calls by these, so the marks must come in pairs.
   */
  jumpAt(pc: number): 'i' | 'o' | '-' | undefined;
  /** The source text by its compiler path, when the build info holds it. */
  sourceText(path: string): string | undefined;
  /** The contract's ABI items as the artifact holds them. */
  abi: readonly unknown[];
  /** From the build info, when the compiler was asked for it. */
  storageLayout?: StorageLayout;
}
