/** What a tab shows when it has nothing yet: a short title and, where it helps, why and when. */
export function PanelEmpty({
  title,
  body,
  tone = 'empty',
}: {
  title: string;
  body?: string;
  tone?: 'empty' | 'error';
}) {
  return (
    <div className={`panel-empty panel-empty--${tone}`} data-testid={`panel-${tone}`}>
      <p className="panel-empty__title">{title}</p>
      {body && <p className="panel-empty__body">{body}</p>}
    </div>
  );
}
