export {
  createZxcvbnEstimator,
  EstimateSupersededError,
  EstimatorUnavailableError,
  type EstimateReply,
  type EstimateRequest,
  type StrengthWorker,
  type ZxcvbnEstimatorOptions,
} from './zxcvbn-estimator.adapter';
export { MAX_SCORED_LENGTH, capPassword, scorePassword, toLocalEstimate, type ZxcvbnFunction, type ZxcvbnResultLike } from './score-password';
