/** A message inside a page that already has its heading: nothing to list, or a part that failed to load. */
export function Notice({
  tone = 'empty',
  children,
  testId,
}: {
  tone?: 'empty' | 'error';
  children: string;
  testId?: string;
}) {
  return (
    <p
      className={`explore-notice explore-notice--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      {children}
    </p>
  );
}
