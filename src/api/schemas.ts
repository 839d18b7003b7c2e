// zod schemas of what a Wasp node (web API v1, v1.0.3 wire format) answers. Each schema is
// also the type (z.output). Every quirk listed in ../shared/wasp-api/FACTS.md is handled here,
// where the data enters, so the rest of the extension sees clean, exact values.
// zod/mini rather than classic zod: the same validation at a twentieth of the bundle size
// (classic zod alone was 450 KB of a 120 KB budget).
import * as z from 'zod/mini';

const UINT64_MAX = 2n ** 64n - 1n;
const UINT256_MAX = 2n ** 256n - 1n;

/** A uint64 sent as a decimal string: exact as bigint (values above 2^53 are common). */
const Uint64String = z.pipe(
  z.string({ error: 'expected a decimal uint64 string' }).check(z.regex(/^[0-9]{1,20}$/, { error: 'expected a decimal uint64 string' })),
  z.pipe(
    z.transform((s: string) => BigInt(s)),
    z.bigint().check(z.refine((v) => v <= UINT64_MAX, { error: 'expected a value at most 2^64-1' })),
  ),
);

/** A uint256 (native token amount) as a decimal string, or 0x-hex as some nodes send. */
const Uint256String = z.pipe(
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
const Uint64Number = z.pipe(
  z.union([z.number().check(z.int({ error: 'expected a whole number' })), z.bigint()], { error: 'expected a whole number' }),
  z.pipe(
    z.transform((v: number | bigint) => BigInt(v)),
    z.bigint().check(z.refine((v) => v >= 0n && v <= UINT64_MAX, { error: 'expected a uint64 (0 to 2^64-1)' })),
  ),
);

/** A uint64 as a JSON number or a decimal string (burn records are numbers, other nodes send strings). */
const Uint64Any = z.union([Uint64Number, Uint64String], { error: 'expected a uint64 number or decimal string' });

const uint = (max: number, what: string) =>
  z
    .number({ error: `expected a ${what}` })
    .check(
      z.int({ error: `expected a ${what}` }),
      z.minimum(0, { error: `expected a ${what}` }),
      z.maximum(max, { error: `expected a ${what} (at most ${max})` }),
    );

const str = (what = 'a string') => z.string({ error: `expected ${what}` });
const bool = () => z.boolean({ error: 'expected true or false' });
const pattern = (re: RegExp, what: string) => str(what).check(z.regex(re, { error: `expected ${what}` }));
/** A string a node may omit or send as null: read as empty. A wrong type is still an error. */
const optionalString = () =>
  z.pipe(
    z.nullish(str()),
    z.transform((v: string | null | undefined) => v ?? ''),
  );
const listOrEmpty = <T extends z.core.SomeType>(item: T) =>
  z.pipe(
    z.nullish(z.array(item, { error: 'expected a list' })),
    z.transform((v: z.output<T>[] | null | undefined) => v ?? []),
  );

const Hex = pattern(/^0x(?:[0-9a-fA-F]{2})*$/, '0x-prefixed hex bytes');
const HName = z.pipe(
  pattern(/^[0-9a-fA-F]{8}$/, 'an hname (8 hex digits)'),
  z.transform((s: string) => s.toLowerCase()),
);
const NativeTokenId = pattern(/^0x[0-9a-fA-F]{76}$/, 'a native token ID (0x + 76 hex)');
const NftId = pattern(/^0x[0-9a-fA-F]{64}$/, 'an NFT ID (0x + 64 hex)');
const RequestIdString = z.pipe(
  pattern(/^0x[0-9a-fA-F]{68}$/, 'a request ID (0x + 68 hex)'),
  z.transform((s: string) => s.toLowerCase()),
);

/** `request.gasBudget` arrives double-quoted (`"\"21000\""`): strip the inner quotes. */
const QuotedUint64 = z.pipe(
  str('a gas budget string'),
  z.pipe(
    z.transform((s: string) => (s.length >= 2 && s.startsWith('"') && s.endsWith('"') ? s.slice(1, -1) : s)),
    Uint64String,
  ),
);

const obj = <T extends z.core.$ZodLooseShape>(shape: T) => z.object(shape, { error: 'expected an object' });

const NativeTokenSchema = obj({
  id: NativeTokenId,
  amount: Uint256String,
});

const AssetBundleSchema = obj({
  baseTokens: Uint64String,
  nativeTokens: listOrEmpty(NativeTokenSchema),
  nfts: listOrEmpty(NftId),
});

const NftSchema = obj({
  id: NftId,
  /** Hex, not Bech32, on v1.0.3. */
  issuer: str(),
  metadata: Hex,
  /** May be empty. */
  owner: str(),
});

const CallTargetSchema = obj({
  contractHName: HName,
  functionHName: HName,
});

const ParamItemSchema = obj({ key: Hex, value: Hex });

const nullOr = <T extends z.core.SomeType>(schema: T) =>
  z.pipe(
    z.nullish(schema),
    z.transform((v: z.output<T> | null | undefined) => v ?? null),
  );

const RequestJSONSchema = obj({
  allowance: nullOr(AssetBundleSchema),
  callTarget: CallTargetSchema,
  fungibleTokens: nullOr(AssetBundleSchema),
  gasBudget: QuotedUint64,
  isEVM: bool(),
  isOffLedger: bool(),
  nft: nullOr(NftSchema),
  /** `{"Items":[...]}` with a capital I on the wire. */
  params: z.pipe(
    z.nullish(obj({ Items: listOrEmpty(ParamItemSchema) })),
    z.transform((p: { Items: z.output<typeof ParamItemSchema>[] } | null | undefined) => p?.Items ?? []),
  ),
  requestId: RequestIdString,
  senderAccount: str(),
  targetAddress: str(),
});

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

const ReceiptWireSchema = obj({
  request: RequestJSONSchema,
  rawError: nullOr(UnresolvedVMErrorSchema),
  errorMessage: z.pipe(
    z.nullish(str()),
    z.transform((v: string | null | undefined) => v ?? undefined),
  ),
  gasBudget: Uint64String,
  gasBurned: Uint64String,
  gasFeeCharged: Uint64String,
  storageDepositCharged: Uint64String,
  blockIndex: uint(0xffff_ffff, 'block index (uint32)'),
  requestIndex: uint(0xffff, 'request index (uint16)'),
  gasBurnLog: listOrEmpty(BurnRecordSchema),
});

/**
 * A receipt failed when errorMessage is present or rawError.code is non-empty: a rawError with
 * an empty code is present on every successful receipt.
 */
export const ReceiptSchema = z.pipe(
  ReceiptWireSchema,
  z.transform((r: z.output<typeof ReceiptWireSchema>) => ({ ...r, failed: r.errorMessage !== undefined || (r.rawError?.code ?? '') !== '' })),
);

const RatioSchema = obj({
  a: uint(0xffff_ffff, 'uint32'),
  b: uint(0xffff_ffff, 'uint32'),
});

const FeePolicySchema = obj({
  evmGasRatio: RatioSchema,
  gasPerToken: RatioSchema,
  /** A percentage. */
  validatorFeeShare: uint(100, 'percentage (0 to 100)'),
});

const LimitsSchema = obj({
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
const GovPublicChainMetadataSchema = z.pipe(
  z.nullish(MetadataWireSchema),
  z.transform((m: z.output<typeof MetadataWireSchema> | null | undefined) => m ?? EMPTY_METADATA),
);

/** `GET .../core/governance/chaininfo`. */
export const ChainInfoSchema = obj({
  chainID: str(),
  chainOwnerId: str(),
  gasFeePolicy: FeePolicySchema,
  gasLimits: LimitsSchema,
  publicURL: optionalString(),
  metadata: GovPublicChainMetadataSchema,
});

/** `GET /v1/chains/{chainID}`: adds isActive and evmChainId; fee policy and limits are null for an inactive chain. */
export const ChainInfoResponseSchema = obj({
  isActive: bool(),
  chainID: str(),
  evmChainId: uint(0xffff, 'EVM chain ID (uint16)'),
  chainOwnerId: str(),
  gasFeePolicy: z.nullable(FeePolicySchema),
  gasLimits: z.nullable(LimitsSchema),
  publicURL: optionalString(),
  metadata: GovPublicChainMetadataSchema,
});

/** The error bodies a node sends: `{Message, Error}` from handlers, `{message}` from the framework, `{error, missingPermission}` on 401. */
export const NodeErrorBodySchema = z.object({
  Message: z.optional(z.string()),
  Error: z.optional(z.string()),
  message: z.optional(z.string()),
  error: z.optional(z.unknown()),
  missingPermission: z.optional(z.string()),
});

export const AuthInfoSchema = obj({
  scheme: str(),
  authURL: optionalString(),
});

export const LoginResponseSchema = obj({ jwt: str('a token').check(z.minLength(1, { error: 'expected a token' })) });

export const VersionSchema = obj({ version: str() });

export type Receipt = z.output<typeof ReceiptSchema>;
export type AssetBundle = z.output<typeof AssetBundleSchema>;
export type Nft = z.output<typeof NftSchema>;
export type FeePolicy = z.output<typeof FeePolicySchema>;
export type Limits = z.output<typeof LimitsSchema>;
export type ChainInfo = z.output<typeof ChainInfoSchema>;
export type ChainInfoResponse = z.output<typeof ChainInfoResponseSchema>;
export type NodeErrorBody = z.output<typeof NodeErrorBodySchema>;
export type AuthInfo = z.output<typeof AuthInfoSchema>;
