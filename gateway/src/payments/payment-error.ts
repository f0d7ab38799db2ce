import { PitchsideError, type ErrorCode } from '@pitchside/shared/errors';

export type PaymentErrorCode = Extract<ErrorCode, `payment:${string}`>;

/**
 * A payment failure with a stable `payment:*` code. `detail` is for our logs only (the provider's error
 * name and debug id, which field did not parse); a client or a provider only ever sees the code.
 */
export class PaymentError extends PitchsideError {
  constructor(
    override readonly code: PaymentErrorCode,
    readonly detail?: string,
    options?: { cause?: unknown },
  ) {
    super(code);
    this.name = 'PaymentError';
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
