/**
 * `<input type="datetime-local">` speaks the browser's wall clock ('2026-11-23T20:45'); the API speaks ISO
 * instants in UTC. An operator types times in their own zone, as the hint beside the fields says.
 */
const pad = (n: number) => String(n).padStart(2, '0');

export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant of a local input, or the text as typed (the gateway then names the field it cannot read). */
export function fromLocalInput(value: string): string {
  const date = new Date(value);
  return value !== '' && !Number.isNaN(date.getTime()) ? date.toISOString() : value;
}
