import type { z } from 'zod';
import { PaymentError } from '../payment-error.ts';

/**
 * Parses a verified webhook body (raw bytes) or a part of one with its documented schema. A failure is
 * `payment:payload-invalid`: the sender holds the key but did not send what it documents, so nothing is
 * applied and the provider's retry (or our reconciliation) gets another chance.
 */
export function parseWebhookPayload<S extends z.ZodType>(
  schema: S,
  input: unknown,
  what: string,
): z.infer<S> {
  let value = input;
  if (Buffer.isBuffer(input)) {
    try {
      value = JSON.parse(input.toString('utf8'));
    } catch {
      throw new PaymentError('payment:payload-invalid', `${what} is not JSON`);
    }
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  throw new PaymentError('payment:payload-invalid', `${what}: ${issues}`);
}
