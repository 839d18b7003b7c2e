// zod schemas of what a Wasp node (web API v1, v1.0.3 wire format) answers. Each schema is
// also the type (z.output). Every quirk listed in ../shared/wasp-api/FACTS.md is handled here,
// where the data enters, so the rest of the extension sees clean, exact values.
import { z } from 'zod';

const UINT64_MAX = 2n ** 64n - 1n;
const UINT256_MAX = 2n ** 256n - 1n;

/** A uint64 sent as a decimal string: exact as bigint (values above 2^53 are common). */
export const Uint64String = z
  .string()
  .regex(/^[0-9]{1,20}$/, { error: 'expected a decimal uint64 string' })
  .transform((s) => BigInt(s))
  .refine((v) => v <= UINT64_MAX, { error: 'expected a value at most 2^64-1' });

/** A uint256 (native token amount) as a decimal string, or 0x-hex as some nodes send. */
const Uint256String = z
  .string()
  .regex(/^(?:[0-9]{1,78}|0x[0-9a-fA-F]{1,64})$/, { error: 'expected a decimal or 0x-hex uint256 string' })
  .transform((s) => BigInt(s))
  .refine((v) => v <= UINT256_MAX, { error: 'expected a value at most 2^256-1' });

/**
 * A uint64 sent as a JSON number. The body is parsed losslessly (see json.ts), so a number
 * above 2^53 arrives here as a bigint and stays exact.
 */
export const Uint64Number = z
  .union([z.number().int({ error: 'expected a whole number' }).nonnegative({ error: 'expected a non-negative number' }), z.bigint()])
  .transform((v) => BigInt(v))
  .refine((v) => v >= 0n && v <= UINT64_MAX, { error: 'expected a uint64 (0 to 2^64-1)' });

/** A uint64 as a JSON number or a decimal string (burn records are numbers, other nodes send strings). */
const Uint64Any = z.union([Uint64Number, Uint64String]);

const uint = (max: number, what: string) =>
  z.number({ error: `expected a ${what}` }).int({ error: `expected a ${what}` }).min(0, { error: `expected a ${what}` }).max(max, { error: `expected a ${what} (at most ${max})` });

const Hex = z.string().regex(/^0x(?:[0-9a-fA-F]{2})*$/, { error: 'expected 0x-prefixed hex bytes' });
const HName = z.string().regex(/^[0-9a-fA-F]{8}$/, { error: 'expected an hname (8 hex digits)' }).transform((s) => s.toLowerCase());
const NativeTokenId = z.string().regex(/^0x[0-9a-fA-F]{76}$/, { error: 'expected a native token ID (0x + 76 hex)' });
const NftId = z.string().regex(/^0x[0-9a-fA-F]{64}$/, { error: 'expected an NFT ID (0x + 64 hex)' });
const RequestIdString = z.string().regex(/^0x[0-9a-fA-F]{68}$/, { error: 'expected a request ID (0x + 68 hex)' });

/** `request.gasBudget` arrives double-quoted (`"\"21000\""`): strip the inner quotes. */
const QuotedUint64 = z
  .string()
  .transform((s) => (s.length >= 2 && s.startsWith('"') && s.endsWith('"') ? s.slice(1, -1) : s))
  .pipe(Uint64String);

export const NativeTokenSchema = z.object({
  id: NativeTokenId,
  amount: Uint256String,
});

export const AssetBundleSchema = z.object({
  baseTokens: Uint64String,
  nativeTokens: z.array(NativeTokenSchema).nullish().transform((v) => v ?? []),
  nfts: z.array(NftId).nullish().transform((v) => v ?? []),
});

export const NftSchema = z.object({
  id: NftId,
  /** Hex, not Bech32, on v1.0.3. */
  issuer: z.string(),
  metadata: Hex,
  /** May be empty. */
  owner: z.string(),
});

export const CallTargetSchema = z.object({
  contractHName: HName,
  functionHName: HName,
});

export const ParamItemSchema = z.object({ key: Hex, value: Hex });

export const RequestJSONSchema = z.object({
  allowance: AssetBundleSchema.nullable().optional().transform((v) => v ?? null),
  callTarget: CallTargetSchema,
  fungibleTokens: AssetBundleSchema.nullable().optional().transform((v) => v ?? null),
  gasBudget: QuotedUint64,
  isEVM: z.boolean(),
  isOffLedger: z.boolean(),
  nft: NftSchema.nullable().optional().transform((v) => v ?? null),
  /** `{"Items":[...]}` with a capital I on the wire. */
  params: z
    .object({ Items: z.array(ParamItemSchema).nullish() })
    .nullish()
    .transform((p) => p?.Items ?? []),
  requestId: RequestIdString.transform((s) => s.toLowerCase()),
  senderAccount: z.string(),
  targetAddress: z.string(),
});

export const UnresolvedVMErrorSchema = z.object({
  /** 4 hex digits for a core error, or `<hname>:<id>` for a contract error; empty on success. */
  code: z.string(),
  /** Each `"<value>:<go type>"`. */
  params: z.array(z.string()).nullish().transform((v) => v ?? []),
});

export const BurnRecordSchema = z.object({
  code: uint(0xffff, 'burn code (uint16)'),
  gasBurned: Uint64Any,
});

export const ReceiptSchema = z
  .object({
    request: RequestJSONSchema,
    rawError: UnresolvedVMErrorSchema.nullish().transform((v) => v ?? null),
    errorMessage: z.string().nullish().transform((v) => v ?? undefined),
    gasBudget: Uint64String,
    gasBurned: Uint64String,
    gasFeeCharged: Uint64String,
    storageDepositCharged: Uint64String,
    blockIndex: uint(0xffff_ffff, 'block index (uint32)'),
    requestIndex: uint(0xffff, 'request index (uint16)'),
    gasBurnLog: z.array(BurnRecordSchema).nullish().transform((v) => v ?? []),
  })
  // A receipt failed when errorMessage is present or rawError.code is non-empty: a rawError
  // with an empty code is present on every successful receipt.
  .transform((r) => ({ ...r, failed: r.errorMessage !== undefined || (r.rawError?.code ?? '') !== '' }));

export const RatioSchema = z.object({
  a: uint(0xffff_ffff, 'uint32'),
  b: uint(0xffff_ffff, 'uint32'),
});

export const FeePolicySchema = z.object({
  evmGasRatio: RatioSchema,
  gasPerToken: RatioSchema,
  /** A percentage. */
  validatorFeeShare: uint(100, 'percentage (0 to 100)'),
});

export const LimitsSchema = z.object({
  maxGasPerBlock: Uint64Number,
  minGasPerRequest: Uint64Number,
  maxGasPerRequest: Uint64Number,
  maxGasExternalViewCall: Uint64Number,
});

/** Metadata fields a node may omit read as empty; a wrong type is still an error naming the field. */
const OptionalString = z.string().nullish().transform((v) => v ?? '');

export const GovPublicChainMetadataSchema = z.object({
  evmJsonRpcURL: OptionalString,
  evmWebSocketURL: OptionalString,
  name: OptionalString,
  description: OptionalString,
  website: OptionalString,
}).nullish().transform((m) => m ?? { evmJsonRpcURL: '', evmWebSocketURL: '', name: '', description: '', website: '' });

/** `GET .../core/governance/chaininfo`. */
export const ChainInfoSchema = z.object({
  chainID: z.string(),
  chainOwnerId: z.string(),
  gasFeePolicy: FeePolicySchema,
  gasLimits: LimitsSchema,
  publicURL: z.string().nullish().transform((v) => v ?? ''),
  metadata: GovPublicChainMetadataSchema,
});

/** `GET /v1/chains/{chainID}`: adds isActive and evmChainId; fee policy and limits are null for an inactive chain. */
export const ChainInfoResponseSchema = z.object({
  isActive: z.boolean(),
  chainID: z.string(),
  evmChainId: uint(0xffff, 'EVM chain ID (uint16)'),
  chainOwnerId: z.string(),
  gasFeePolicy: FeePolicySchema.nullable(),
  gasLimits: LimitsSchema.nullable(),
  publicURL: z.string().nullish().transform((v) => v ?? ''),
  metadata: GovPublicChainMetadataSchema,
});

export const UnauthorizedErrorSchema = z.object({
  error: z.unknown().optional(),
  missingPermission: z.string().optional(),
  Message: z.string().optional(),
  Error: z.string().optional(),
});

/** The error bodies a node sends: `{Message, Error}` from handlers, `{message}` from the framework. */
export const NodeErrorBodySchema = z.object({
  Message: z.string().optional(),
  Error: z.string().optional(),
  message: z.string().optional(),
  error: z.unknown().optional(),
  missingPermission: z.string().optional(),
});

export const AuthInfoSchema = z.object({
  scheme: z.string(),
  authURL: z.string().nullish().transform((v) => v ?? ''),
});

export const LoginResponseSchema = z.object({ jwt: z.string().min(1, { error: 'expected a token' }) });

export const VersionSchema = z.object({ version: z.string() });

export type Receipt = z.output<typeof ReceiptSchema>;
export type RequestJSON = z.output<typeof RequestJSONSchema>;
export type AssetBundle = z.output<typeof AssetBundleSchema>;
export type NativeToken = z.output<typeof NativeTokenSchema>;
export type Nft = z.output<typeof NftSchema>;
export type CallTarget = z.output<typeof CallTargetSchema>;
export type ParamItem = z.output<typeof ParamItemSchema>;
export type BurnRecord = z.output<typeof BurnRecordSchema>;
export type UnresolvedVMError = z.output<typeof UnresolvedVMErrorSchema>;
export type Ratio = z.output<typeof RatioSchema>;
export type FeePolicy = z.output<typeof FeePolicySchema>;
export type Limits = z.output<typeof LimitsSchema>;
export type GovPublicChainMetadata = z.output<typeof GovPublicChainMetadataSchema>;
export type ChainInfo = z.output<typeof ChainInfoSchema>;
export type ChainInfoResponse = z.output<typeof ChainInfoResponseSchema>;
export type UnauthorizedErrorBody = z.output<typeof UnauthorizedErrorSchema>;
export type NodeErrorBody = z.output<typeof NodeErrorBodySchema>;
export type AuthInfo = z.output<typeof AuthInfoSchema>;
