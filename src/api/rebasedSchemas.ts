// zod schemas of what a Rebased node (Wasp 2.x, web API v2.0.2 wire format) answers, beside the
// Stardust ones in schemas.ts. Every quirk in ../shared/wasp-api/v2/FACTS.md is handled here:
// `request.gasBudget` double-quoted on v2.0.2 and plain on later builds, empty coin and object
// lists sent as null, `allowance` null with an `allowanceError`, a validator fee share above 100.
import * as z from 'zod/mini';
import {
  FeePolicySchema,
  GovPublicChainMetadataSchema,
  LimitsSchema,
  QuotedUint64,
  Uint64String,
  bool,
  receiptFailed,
  receiptFields,
  listOrEmpty,
  nullOr,
  obj,
  optionalString,
  pattern,
  str,
  uint,
} from './wire';
import { HEX64 } from '../core/idShapes';

/** `0x` + 64 hex (chain, request and object IDs), lower-cased. */
const Id32 = (what: string) =>
  z.pipe(
    pattern(HEX64, `${what} (0x + 64 hex)`),
    z.transform((s: string) => s.toLowerCase()),
  );
/** Rebased writes hnames with `0x`: `0x07cb02c1`. */
const HName = z.pipe(
  pattern(/^0x[0-9a-fA-F]{8}$/, 'an hname (0x + 8 hex digits)'),
  z.transform((s: string) => s.toLowerCase()),
);
const Hex = pattern(/^0x(?:[0-9a-fA-F]{2})*$/, '0x-prefixed hex bytes');

const CoinSchema = obj({
  /** A Move type, address in full 64-hex form: `0x…0002::iota::IOTA` is the base token. */
  coinType: str('a coin type'),
  /** In the coin's smallest unit (IOTA: nanos, 9 decimals). */
  balance: Uint64String,
});

const ObjectSchema = obj({
  id: Id32('an object ID'),
  type: str('an object type'),
});

/** `{coins, objects}`; v2.0.2 sends an empty list as null, and a missing set as null/null. */
const AssetsSchema = obj({
  coins: listOrEmpty(CoinSchema),
  objects: listOrEmpty(ObjectSchema),
});

const EMPTY_ASSETS = { coins: [], objects: [] };

const RebasedRequestSchema = obj({
  /** Only when the allowance could not be decoded; `allowance` is null then. */
  allowanceError: z.pipe(
    z.nullish(str()),
    z.transform((v: string | null | undefined) => v || undefined),
  ),
  allowance: nullOr(AssetsSchema),
  callTarget: obj({ contractHName: HName, functionHName: HName }),
  /** Null for an off-ledger request, which carries no assets: read as empty. */
  assets: z.pipe(
    z.nullish(AssetsSchema),
    z.transform((v: z.output<typeof AssetsSchema> | null | undefined) => v ?? EMPTY_ASSETS),
  ),
  /** `"\"21000\""` on v2.0.2, `"21000"` on later builds: EVM gas for an EVM request, else ISC gas. */
  gasBudget: QuotedUint64,
  isEVM: bool(),
  isOffLedger: bool(),
  /** Positional, each one BCS-encoded argument; an EVM request's only one is the signed transaction. */
  params: listOrEmpty(Hex),
  requestId: Id32('a request ID'),
  /** `0x`+64 (L1 address), `0x`+40 EIP-55 (EVM account), `0x`+8 (contract) or `-`. */
  senderAccount: str(),
});

const RebasedReceiptWireSchema = obj({ request: RebasedRequestSchema, ...receiptFields });

/** `GET /v1/chain/core/blocklog/requests/{id}`; failed as on Stardust (errorMessage or a non-empty rawError.code). */
export const RebasedReceiptSchema = z.pipe(
  RebasedReceiptWireSchema,
  z.transform((r: z.output<typeof RebasedReceiptWireSchema>) => ({
    ...r,
    generation: 'rebased' as const,
    failed: receiptFailed(r),
  })),
);

/**
 * The validator fee share is a uint8 on Rebased; 100 and above all mean "everything to the
 * validator", which the views say ("applied as 100%"): the stored value is kept as it is, so a
 * comparison of two blocks shows a change from 150 to 200.
 */
const RebasedFeePolicySchema = obj({
  evmGasRatio: FeePolicySchema.shape.evmGasRatio,
  gasPerToken: FeePolicySchema.shape.gasPerToken,
  validatorFeeShare: uint(255, 'percentage (uint8)'),
});

/** `GET /v1/chain/core/governance/chaininfo`: the stored values as they are. */
export const RebasedChainInfoSchema = obj({
  chainID: Id32('a chain ID'),
  /** An agent ID, `""` when unknown. */
  chainAdmin: optionalString(),
  gasFeePolicy: RebasedFeePolicySchema,
  gasLimits: LimitsSchema,
  publicURL: optionalString(),
  metadata: GovPublicChainMetadataSchema,
});

/** `GET /v1/chain`: adds isActive and evmChainId; fee policy and limits are null for an inactive chain. */
export const RebasedChainResponseSchema = obj({
  isActive: bool(),
  chainID: Id32('a chain ID'),
  evmChainId: uint(0xffff, 'EVM chain ID (uint16)'),
  chainAdmin: optionalString(),
  gasFeePolicy: z.nullable(RebasedFeePolicySchema),
  gasLimits: z.nullable(LimitsSchema),
  publicURL: optionalString(),
  metadata: GovPublicChainMetadataSchema,
});

/**
 * `GET /v1/chain/core/accounts/account/{agentID}/balance` and `.../total_assets`: nanos (9
 * decimals, the wei remainder dropped), the other coins as `nativeTokens`, null when none.
 */
export const RebasedAccountBalanceSchema = z.pipe(
  obj({ baseTokens: Uint64String, nativeTokens: listOrEmpty(CoinSchema) }),
  z.transform((b: { baseTokens: bigint; nativeTokens: Array<z.output<typeof CoinSchema>> }) => ({ generation: 'rebased' as const, ...b })),
);

/** `GET /v1/chain/core/accounts/account/{agentID}/nfts`: every object the account holds. */
export const RebasedAccountObjectsSchema = obj({ nftIds: listOrEmpty(Id32('an object ID')) });

export type RebasedReceipt = z.output<typeof RebasedReceiptSchema>;
export type RebasedAccountBalance = z.output<typeof RebasedAccountBalanceSchema>;
export type RebasedAssets = z.output<typeof AssetsSchema>;
export type RebasedChainInfo = z.output<typeof RebasedChainInfoSchema>;
export type RebasedChainResponse = z.output<typeof RebasedChainResponseSchema>;
