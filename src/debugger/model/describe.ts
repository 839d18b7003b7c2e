// Names for what the debugger shows: a frame by its contract and function ("Bank.withdraw"), a
// native frame as one ("ISCSandbox.send: native, not replayed"), a call's decoded arguments and a
// revert's decoded error ("Overdrawn(available: 1000, required: 5000)"). The ABI of the artifact the
// code matched comes first, then the workspace's indexes. A call to the ISC magic contract is named
// by its interfaces first (both generations': a selector names one function whichever the chain
// runs). Everything decoded is the node's or a workspace file's text: the caller reveals it. Pure.
import { shortId } from '../../core/format';
import { clip, revealInvisible } from '../../core/text';
import { englishL10n, type L10n } from '../../core/l10n';
import { abiOfJson, AbiIndex } from '../../evm/model/abiIndex';
import { decodeCustomError, decodeFunctionCall, decodedLine, type AbiCoder, type DecodedArg, type DecodedItem } from '../../evm/model/decode';
import { isMagicAddress } from '../../evm/model/iscMagic';
import { decodeRevertData } from '../../evm/model/revert';
import type { CodeMap } from './codeMap';
import type { ReplayFrame } from './recording';

/** A name or a value as the debugger shows it: invisible characters revealed, clipped. */
function shown(text: string, max = MAX_NAME): string {
  return clip(revealInvisible(text), max);
}

const MAX_NAME = 200;
const MAX_VALUE = 2_000;

export interface CallDescription {
  /** The matched artifact's contract name, or the interface that declares the function. */
  contract: string | undefined;
  function: string | undefined;
  args: DecodedArg[];
}

export class Describer {
  private readonly ownIndexes = new WeakMap<CodeMap, AbiIndex>();

  constructor(
    private readonly coder: AbiCoder,
    /** The workspace's ABIs, tried in order after the artifact's own. */
    private readonly indexes: readonly AbiIndex[],
    private readonly l10n: L10n = englishL10n,
    /** The ISC magic contract's interfaces: first for a call to its address, last for an error. */
    private readonly magic: readonly AbiIndex[] = [],
  ) {}

  /** The indexes to try, in order: the magic contract's first for a call to it, else last. */
  private indexOf(map: CodeMap | undefined, toMagic: boolean): AbiIndex[] {
    const own = map ? this.ownIndex(map) : undefined;
    const declared = own ? [own, ...this.indexes] : [...this.indexes];
    return toMagic ? [...this.magic, ...declared] : [...declared, ...this.magic];
  }

  private ownIndex(map: CodeMap): AbiIndex {
    let own = this.ownIndexes.get(map);
    if (!own) {
      own = new AbiIndex();
      own.setFile(map.artifactPath, map.contractName, abiOfJson(map.abi)?.items ?? []);
      this.ownIndexes.set(map, own);
    }
    return own;
  }

  private decoded(kind: 'function' | 'error', map: CodeMap | undefined, hex: string, toMagic = false): DecodedItem | undefined {
    for (const index of this.indexOf(map, toMagic)) {
      const d = kind === 'function' ? decodeFunctionCall(this.coder, index, hex) : decodeCustomError(this.coder, index, hex);
      if (d.ok) return d.item;
    }
    return undefined;
  }

  /** The call's contract, function and arguments, each revealed (invisible characters shown) and clipped: names and values are workspace and node text. */
  call(frame: ReplayFrame, map: CodeMap | undefined): CallDescription {
    const creation = frame.kind === 'CREATE' || frame.kind === 'CREATE2';
    const contract = map?.contractName === undefined ? undefined : shown(map.contractName);
    if (creation) return { contract, function: 'constructor', args: [] };
    const item = this.decoded('function', map, frame.input, isMagicAddress(frame.codeAddress));
    const args = (item?.args ?? []).map((a) => ({ ...a, name: shown(a.name), value: shown(a.value, MAX_VALUE) }));
    return { contract: contract ?? (item?.sources[0] === undefined ? undefined : shown(item.sources[0])), function: item ? shown(item.name) : undefined, args };
  }

  /** "Bank.withdraw", "Receipt.constructor", "0x5fbd…0aa3.0x2e1a7d4d"; a native frame says it was not replayed. */
  frameName(frame: ReplayFrame, map: CodeMap | undefined): string {
    const d = this.call(frame, map);
    const contract = d.contract ?? shortId(frame.codeAddress, 6, 4);
    const fn = d.function ?? (frame.input.length >= 10 ? frame.input.slice(0, 10) : frame.input.length > 2 ? 'fallback' : 'receive');
    const name = `${contract}.${fn}`;
    return frame.native ? this.l10n.t('{0}: native, not replayed', name) : name;
  }

  /** A revert's data as its error: a custom error with its arguments, `Error(string)`'s reason, a panic's words. */
  revert(data: string, map: CodeMap | undefined): string | undefined {
    return decodeRevertData(data) ?? this.customError(data, map);
  }

  /** A custom error the workspace's ABIs declare, with its arguments ("Overdrawn(available: 1000, required: 5000)"). */
  customError(data: string, map: CodeMap | undefined): string | undefined {
    const item = this.decoded('error', map, data);
    return item
      ? decodedLine({ ...item, name: shown(item.name), args: item.args.map((a) => ({ ...a, name: shown(a.name), value: shown(a.value, MAX_VALUE) })) })
      : undefined;
  }
}
