/** A goal count, or an en dash before the match has a score. */
export const scoreText = (goals: number | null): string => (goals === null ? '–' : String(goals));
