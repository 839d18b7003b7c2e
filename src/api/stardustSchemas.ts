// zod schemas of what a Wasp node (web API v1, v1.0.3 wire format) answers. Each schema is
// also the type (z.output). Every quirk listed in ../shared/wasp-api/FACTS.md is handled here,
// where the data enters, so the rest of the extension sees clean, exact values.
// zod/mini rather than classic zod: the same validation at a twentieth of the bundle size
// (classic zod alone was 450 KB of a 120 KB budget).
import * as z from 'zod/mini';
import {
  FeePolicySchema,
  GovPublicChainMetadataSchema,
  LimitsSchema,
  QuotedUint64,
  Uint256String,
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
import { HEX64, STARDUST_REQUEST_ID } from '../core/idShapes';

const Hex = pattern(/^0x(?:[0-9a-fA-F]{2})*$/, '0x-prefixed hex bytes');
const HName = z.pipe(
  pattern(/^[0-9a-fA-F]{8}$/, 'an hname (8 hex digits)'),
  z.transform((s: string) => s.toLowerCase()),
);
const NativeTokenId = pattern(/^0x[0-9a-fA-F]{76}$/, 'a native token ID (0x + 76 hex)');
const NftId = pattern(HEX64, 'an NFT ID (0x + 64 hex)');
const RequestIdString = z.pipe(
  pattern(STARDUST_REQUEST_ID, 'a request ID (0x + 68 hex)'),
  z.transform((s: string) => s.toLowerCase()),
);

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

const ReceiptWireSchema = obj({ request: RequestJSONSchema, ...receiptFields });

/** `GET /v1/chains/{chainID}/core/blocklog/requests/{requestID}`, with `failed` (see receiptFields). */
export const ReceiptSchema = z.pipe(
  ReceiptWireSchema,
  z.transform((r: z.output<typeof ReceiptWireSchema>) => ({ ...r, failed: receiptFailed(r) })),
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

/** `GET /v1/chains` (needs `read`): every chain the node knows. */
export const ChainListSchema = z.array(ChainInfoResponseSchema);

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

/** `GET .../core/accounts/account/{agentID}/balance` and `.../total_assets`: base units (6 decimals on IOTA), native tokens always a list. */
export const AccountBalanceSchema = z.pipe(
  obj({ baseTokens: Uint64String, nativeTokens: listOrEmpty(NativeTokenSchema) }),
  z.transform((b: { baseTokens: bigint; nativeTokens: Array<z.output<typeof NativeTokenSchema>> }) => ({ generation: 'stardust' as const, ...b })),
);

/** `GET .../core/accounts/account/{agentID}/nfts`. */
export const AccountNftsSchema = obj({
  nftIds: listOrEmpty(
    z.pipe(
      NftId,
      z.transform((s: string) => s.toLowerCase()),
    ),
  ),
});

/** `GET .../core/accounts/account/{agentID}/nonce` (both generations): the next off-ledger nonce. */
export const AccountNonceSchema = obj({ nonce: Uint64String });

export type Receipt = z.output<typeof ReceiptSchema>;
export type AccountBalance = z.output<typeof AccountBalanceSchema>;
export type AssetBundle = z.output<typeof AssetBundleSchema>;
export type Nft = z.output<typeof NftSchema>;
export type FeePolicy = z.output<typeof FeePolicySchema>;
export type Limits = z.output<typeof LimitsSchema>;
export type ChainInfo = z.output<typeof ChainInfoSchema>;
export type ChainInfoResponse = z.output<typeof ChainInfoResponseSchema>;
export type NodeErrorBody = z.output<typeof NodeErrorBodySchema>;
export type AuthInfo = z.output<typeof AuthInfoSchema>;
