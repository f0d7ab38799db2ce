/**
 * The catalogue of error codes a client may ever see, over REST or in a socket ack.
 * Codes are stable strings (`area:what`); messages are for humans and may change.
 */
export const ERROR_CODES = {
  'request:invalid': 'The request is not valid.',
  'request:payload-too-large': 'The payload is too large.',
  'request:origin-forbidden': 'This origin may not connect.',
  'request:rate-limited': 'Too many requests; slow down.',
  'resource:not-found': 'Nothing exists at this address.',
  'match:not-found': 'No match has this id.',
  'competition:not-found': 'No competition has this id.',
  'team:not-found': 'No team has this id.',
  'sport:not-found': 'No sport has this slug.',
  'subscription:limit': 'This connection holds too many subscriptions.',
  'subscription:not-subscribed': 'This connection is not subscribed to that.',
  'server:unavailable': 'The service is unavailable; try again shortly.',
  'server:internal': 'Something went wrong on our side.',
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** Which fields were wrong, for validation errors. */
  issues?: { path: string; message: string }[];
}

export class PitchsideError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_CODES[code],
    readonly issues?: ErrorBody['issues'],
  ) {
    super(message);
    this.name = 'PitchsideError';
  }

  toBody(): ErrorBody {
    return this.issues
      ? { code: this.code, message: this.message, issues: this.issues }
      : { code: this.code, message: this.message };
  }
}
