import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './local-time.ts';

describe('datetime-local inputs', () => {
  it('round-trips an instant through the wall-clock value of the input', () => {
    const iso = '2026-11-23T19:45:00.000Z';
    const local = toLocalInput(iso);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInput(local)).toBe(iso);
  });

  it('leaves what it cannot read as typed, and shows nothing for no instant', () => {
    expect(fromLocalInput('')).toBe('');
    expect(fromLocalInput('tomorrow')).toBe('tomorrow');
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('not a date')).toBe('');
  });
});
