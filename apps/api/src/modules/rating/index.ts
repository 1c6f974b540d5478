/** The rating module's public surface: other modules and the app import it from here, never from its other files. */
export { isBlockedEitherWay } from './queries.ts';
export { DEFAULT_RATING_LIMITS, readRatingLimitsConfig } from './rating-config.ts';
export type { RatingLimitsConfig } from './rating-config.ts';
