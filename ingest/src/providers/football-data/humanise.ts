/** v4 writes stages and groups as constants: "REGULAR_SEASON" -> "Regular Season", "GROUP_A" -> "Group A". */
export function humanise(code: string): string {
  return code
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
