// The zod building blocks both node generations' schemas share: exact uint64/uint256 values,
// strings a node may send as null, lists a node may send as null, the double-quoted gas budget,
// and the parts of a receipt and of the chain info whose shape did not change from Stardust
// (schemas.ts) to Rebased (rebasedSchemas.ts). Pure.
import * as z from 'zod/mini';

const UINT64_MAX = 2n ** 64n - 1n;
const UINT256_MAX = 2n ** 256n - 1n;

/** A uint64 sent as a decimal string: exact as bigint (values above 2^53 are common). */
export const Uint64String = z.pipe(
  z.string({ error: 'expected a decimal uint64 string' }).check(z.regex(/^[0-9]{1,20}$/, { error: 'expected a decimal uint64 string' })),
  z.pipe(
    z.transform((s: string) => BigInt(s)),
    z.bigint().check(z.refine((v) => v <= UINT64_MAX, { error: 'expected a value at most 2^64-1' })),
  ),
);

/** A uint256 (native token amount) as a decimal string, or 0x-hex as some nodes send. */
export const Uint256String = z.pipe(
  z
    .string({ error: 'expected a uint256 string' })
    .check(z.regex(/^(?:[0-9]{1,78}|0x[0-9a-fA-F]{1,64})$/, { error: 'expected a decimal or 0x-hex uint256 string' })),
  z.pipe(
    z.transform((s: string) => BigInt(s)),
    z.bigint().check(z.refine((v) => v <= UINT256_MAX, { error: 'expected a value at most 2^256-1' })),
  ),
);

/**
 * A uint64 sent as a JSON number. The body is parsed losslessly (see json.ts), so a number
 * above 2^53 arrives here as a bigint and stays exact.
 */
export const Uint64Number = z.pipe(
  z.union([z.number().check(z.int({ error: 'expected a whole number' })), z.bigint()], { error: 'expected a whole number' }),
  z.pipe(
    z.transform((v: number | bigint) => BigInt(v)),
    z.bigint().check(z.refine((v) => v >= 0n && v <= UINT64_MAX, { error: 'expected a uint64 (0 to 2^64-1)' })),
  ),
);

/** A uint64 as a JSON number or a decimal string (burn records are numbers, other nodes send strings). */
const Uint64Any = z.union([Uint64Number, Uint64String], { error: 'expected a uint64 number or decimal string' });

/** The article a validation message puts before `what`, by its sound: an EVM chain ID, a uint32. */
const article = (what: string): string => (/^(?:[aeio]|EVM\b)/i.test(what) ? 'an' : 'a');

export const uint = (max: number, what: string) => {
  const expected = `expected ${article(what)} ${what}`;
  return z
    .number({ error: expected })
    .check(z.int({ error: expected }), z.minimum(0, { error: expected }), z.maximum(max, { error: `${expected} (at most ${max})` }));
};

export const str = (what = 'a string') => z.string({ error: `expected ${what}` });
export const bool = () => z.boolean({ error: 'expected true or false' });
export const pattern = (re: RegExp, what: string) => str(what).check(z.regex(re, { error: `expected ${what}` }));
/** A string a node may omit or send as null: read as empty. A wrong type is still an error. */
export const optionalString = () =>
  z.pipe(
    z.nullish(str()),
    z.transform((v: string | null | undefined) => v ?? ''),
  );
export const listOrEmpty = <T extends z.core.SomeType>(item: T) =>
  z.pipe(
    z.nullish(z.array(item, { error: 'expected a list' })),
    z.transform((v: z.output<T>[] | null | undefined) => v ?? []),
  );

/** `request.gasBudget` arrives double-quoted (`"\"21000\""`): strip the inner quotes. */
export const QuotedUint64 = z.pipe(
  str('a gas budget string'),
  z.pipe(
    z.transform((s: string) => (s.length >= 2 && s.startsWith('"') && s.endsWith('"') ? s.slice(1, -1) : s)),
    Uint64String,
  ),
);

export const obj = <T extends z.core.$ZodLooseShape>(shape: T) => z.object(shape, { error: 'expected an object' });

export const nullOr = <T extends z.core.SomeType>(schema: T) =>
  z.pipe(
    z.nullish(schema),
    z.transform((v: z.output<T> | null | undefined) => v ?? null),
  );

const UnresolvedVMErrorSchema = obj({
  /** 4 hex digits for a core error, or `<hname>:<id>` for a contract error; empty on success. */
  code: str(),
  /** Each `"<value>:<go type>"`. */
  params: listOrEmpty(str()),
});

const BurnRecordSchema = obj({
  code: uint(0xffff, 'burn code (uint16)'),
  gasBurned: Uint64Any,
});

const RatioSchema = obj({
  a: uint(0xffff_ffff, 'uint32'),
  b: uint(0xffff_ffff, 'uint32'),
});

export const FeePolicySchema = obj({
  evmGasRatio: RatioSchema,
  gasPerToken: RatioSchema,
  /** A percentage as a uint8: v1.0.3 stores any value (feepolicy.go: ">=100 all goes to Validator"). */
  validatorFeeShare: uint(255, 'percentage (uint8)'),
});

export const LimitsSchema = obj({
  maxGasPerBlock: Uint64Number,
  minGasPerRequest: Uint64Number,
  maxGasPerRequest: Uint64Number,
  maxGasExternalViewCall: Uint64Number,
});

const EMPTY_METADATA = { evmJsonRpcURL: '', evmWebSocketURL: '', name: '', description: '', website: '' };
const MetadataWireSchema = obj({
  evmJsonRpcURL: optionalString(),
  evmWebSocketURL: optionalString(),
  name: optionalString(),
  description: optionalString(),
  website: optionalString(),
});
export const GovPublicChainMetadataSchema = z.pipe(
  z.nullish(MetadataWireSchema),
  z.transform((m: z.output<typeof MetadataWireSchema> | null | undefined) => m ?? EMPTY_METADATA),
);

/**
 * The fields a receipt has besides its request, the same on both generations. A receipt failed
 * when errorMessage is present or rawError.code is non-empty: a rawError with an empty code is
 * present on every successful receipt.
 */
export const receiptFields = {
  rawError: nullOr(UnresolvedVMErrorSchema),
  errorMessage: z.pipe(
    z.nullish(str()),
    z.transform((v: string | null | undefined) => v ?? undefined),
  ),
  gasBudget: Uint64String,
  gasBurned: Uint64String,
  gasFeeCharged: Uint64String,
  /** Always "0" on Rebased. */
  storageDepositCharged: Uint64String,
  blockIndex: uint(0xffff_ffff, 'block index (uint32)'),
  requestIndex: uint(0xffff, 'request index (uint16)'),
  gasBurnLog: listOrEmpty(BurnRecordSchema),
};

/** Whether a receipt failed (see receiptFields). */
export function receiptFailed(r: { errorMessage?: string; rawError: { code: string } | null }): boolean {
  return r.errorMessage !== undefined || (r.rawError?.code ?? '') !== '';
}
