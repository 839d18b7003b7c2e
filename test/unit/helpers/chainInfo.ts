// Inputs of the chain-info view: the IOTA EVM governance answer (test/fixtures/wire.ts) decoded as
// the client decodes it, with a validator fee share to show, and a real Rebased node's answers.
import { RebasedChainInfoSchema, RebasedChainResponseSchema } from '../../../src/api/rebasedSchemas';
import { ChainInfoSchema } from '../../../src/api/stardustSchemas';
import type { ChainInfoViewInput, GeneralChainInfo } from '../../../src/chainInfo/model/chainInfoView';
import type { ChainInfoState } from '../../../src/core/chainInfoFields';
import { iotaChainInfo } from '../../fixtures/wire';
import { rebasedSample } from './samples';

/** The IOTA EVM governance chain info, decoded, as the fixture has it (no validator fee share). */
export const iotaGovernance = (): ChainInfoState => ChainInfoSchema.parse(iotaChainInfo());

/** The IOTA EVM governance chain info with a validator fee share of 10%. */
export function stardustChainInfo(): ChainInfoState {
  const decoded = ChainInfoSchema.parse(iotaChainInfo());
  return { ...decoded, gasFeePolicy: { ...decoded.gasFeePolicy, validatorFeeShare: 10 } };
}

/** The general chain answer of the same chain: active, EVM chain ID 8822. */
export const stardustGeneral = (over: Partial<GeneralChainInfo> = {}): GeneralChainInfo => ({
  ...stardustChainInfo(),
  isActive: true,
  evmChainId: 8822,
  ...over,
});

/** A real Rebased node's governance chain info. */
export const rebasedChainInfo = (): ChainInfoState => RebasedChainInfoSchema.parse(rebasedSample('governance-chaininfo'));

/** A real Rebased node's /v1/chain answer. */
export const rebasedGeneral = (): GeneralChainInfo => RebasedChainResponseSchema.parse(rebasedSample('chain'));

/** The view's input for the IOTA EVM chain at the latest state, both answers read; `over` replaces fields. */
export function chainInfoInput(over: Partial<ChainInfoViewInput> = {}): ChainInfoViewInput {
  return {
    chainName: 'IOTA',
    nodeUrl: 'http://127.0.0.1:9090',
    configuredChainId: iotaChainInfo().chainID,
    block: undefined,
    governance: stardustChainInfo(),
    general: stardustGeneral(),
    ...over,
  };
}
