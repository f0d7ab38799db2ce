/**
 * The catalogue of error codes a client may ever see, over REST or in a socket ack.
 * Codes are stable strings (`area:what`); messages are for humans and may change.
 */
export const ERROR_CODES = {
  'request:invalid': 'The request is not valid.',
  'request:payload-too-large': 'The payload is too large.',
  'request:origin-forbidden': 'This origin may not connect.',
  'request:rate-limited': 'Too many requests; slow down.',
  'connection:rate-limited': 'Too many new connections from this address; wait a moment.',
  'connection:too-many': 'This address holds too many open connections.',
  'resource:not-found': 'Nothing exists at this address.',
  'match:not-found': 'No match has this id.',
  'competition:not-found': 'No competition has this id.',
  'team:not-found': 'No team has this id.',
  'sport:not-found': 'No sport has this slug.',
  'subscription:limit': 'This connection holds too many subscriptions.',
  'subscription:not-subscribed': 'This connection is not subscribed to that.',
  // Accounts (issue 4). The auth:* names follow the identity-provider codes of SPEC 8 where one fits.
  'auth:unauthenticated': 'Sign in to do this.',
  'auth:token-expired': 'The access token has expired; refresh it.',
  'auth:token-invalid': 'The token is not valid.',
  'auth:session-revoked': 'This session has ended; sign in again.',
  'auth:refresh-invalid': 'The refresh token is not valid, has expired or was already used.',
  'auth:session-expired': 'Both token and refresh token have expired. Your request was aborted.',
  'auth:invalid-credential': 'The e-mail address or the password is wrong.',
  'auth:wrong-password': 'The password is wrong.',
  'auth:email-already-in-use': 'An account already uses this e-mail address.',
  'auth:account-exists-with-different-credential':
    'An account already uses this e-mail address; sign in to it first to link this provider.',
  'auth:weak-password': 'The password does not meet the policy.',
  'auth:too-many-requests': 'Too many attempts; wait a moment and try again.',
  'auth:user-disabled': 'This account has been disabled.',
  'auth:forbidden': 'This account may not do this.',
  'auth:requires-recent-login': 'Sign in again to do this.',
  'auth:expired-action-code': 'This link has expired or was already used.',
  'auth:provider-unavailable': 'This sign-in provider is not available.',
  'auth:provider-failed': 'The sign-in provider did not complete the sign-in.',
  'auth:invalid-state': 'The sign-in took too long or came from another browser; start again.',
  'auth:network-request-failed': 'The network request failed; check the connection and try again.',
  'auth:popup-closed-by-user': 'The sign-in window was closed before finishing.',
  // Payments (issue 5). The webhook codes are answered to providers, the others may reach a buyer.
  'payment:signature-invalid': 'The payment notification is not signed by the payment provider.',
  'payment:signature-expired': 'The payment notification was signed too long ago.',
  'payment:cert-untrusted': 'The payment notification names a signing certificate we do not trust.',
  'payment:payload-invalid': 'The payment notification is not in the form the payment provider documents.',
  'payment:unknown-event': 'This kind of payment notification is not handled.',
  'payment:provider-failed': 'The payment provider refused the request.',
  'payment:provider-unavailable': 'The payment provider cannot be reached; try again shortly.',
  'payment:not-approved': 'The buyer has not approved this payment yet.',
  'payment:checkout-not-found': 'No checkout has this id.',
  'payment:method-unavailable': 'This payment method is not offered here.',
  'plan:not-found': 'No plan has this id.',
  'plan:price-unavailable': 'This plan has no price in that currency.',
  'plan:exists': 'A plan with this id exists already.',
  'deal:not-found': 'This deal code is unknown or has expired.',
  'deal:exists': 'A deal with this code exists already.',
  'order:not-found': 'No order of yours has this id.',
  // Premium streams (issue 5).
  'stream:not-entitled': 'Your plan does not include this stream.',
  'stream:not-found': 'This match has no such stream.',
  'stream:token-invalid': 'This stream link is not valid.',
  'stream:token-expired': 'This stream link has expired; ask for a new one.',
  'stream:unavailable': 'The stream cannot be reached; try again shortly.',
  // Content and the CMS (issue 6).
  'content:not-found': 'No such content exists.',
  'content:exists': 'Content with this id exists already.',
  'content:invalid-video': 'This video address is not one the site can play or frame.',
  'contact:rate-limited': 'Too many messages from here; try again later.',
  'contact:form-expired': 'This form was opened too long ago; reload the page and send again.',
  'server:unavailable': 'The service is unavailable; try again shortly.',
  'server:internal': 'Something went wrong on our side.',
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** Which fields were wrong, for validation errors. */
  issues?: { path: string; message: string; code?: string }[];
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
