import { DisplayNameSchema, EmailSchema } from '@pitchside/shared/auth';

/**
 * Providers' profile fields are other people's data: each is cleaned to what our user object accepts, and
 * anything that does not fit becomes null rather than failing the sign-in.
 */

export const cleanEmail = (value: unknown): string | null => {
  const parsed = EmailSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

export const cleanDisplayName = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  // Long names are cut, not refused: a 90-character name is still the person's name.
  const parsed = DisplayNameSchema.safeParse(value.trim().slice(0, 80));
  return parsed.success ? parsed.data : null;
};

/** Only https pictures: the pages show them as-is, and the account page accepts no other scheme either. */
export const cleanPhotoUrl = (value: unknown): string | null => {
  if (typeof value !== 'string' || value.length > 2048) return null;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
};
