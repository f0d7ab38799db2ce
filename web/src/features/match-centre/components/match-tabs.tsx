import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { tabSearch, type MatchTab } from '../utils/match-tabs.ts';

export interface TabSpec {
  id: MatchTab;
  label: string;
  content: ReactNode;
}

interface MatchTabsProps {
  tabs: readonly TabSpec[];
  selected: MatchTab;
  /** The tab list's accessible name. */
  label: string;
}

/**
 * The WAI-ARIA tabs pattern with the selected tab in the URL (?tab=lineups), so a tab can be shared and the
 * server renders it. Each tab is a link (it works without JavaScript, and opens in a new tab with a
 * modifier), moved between with the arrow keys, Home and End (a roving tabindex: one Tab stop for the
 * list), activated on focus as the pattern's "automatic activation" suggests when panels show at once.
 * The address is replaced, not pushed: Back leaves the match instead of stepping through its tabs, and
 * the scroll position stays where it is.
 * Every panel is rendered, the others hidden, so the page's one canonical address carries all of it.
 */
export function MatchTabs({ tabs, selected, label }: MatchTabsProps) {
  const navigate = useNavigate();
  const links = useRef(new Map<MatchTab, HTMLAnchorElement>());
  const list = useRef<HTMLDivElement>(null);

  // On a phone the list scrolls sideways: keep the selected tab in sight (a shared ?tab=table link too).
  useEffect(() => {
    const box = list.current?.getBoundingClientRect();
    const tab = links.current.get(selected)?.getBoundingClientRect();
    if (!box || !tab || !list.current) return;
    if (tab.left < box.left) list.current.scrollLeft -= box.left - tab.left + 8;
    else if (tab.right > box.right) list.current.scrollLeft += tab.right - box.right + 8;
  }, [selected]);

  const select = (tab: MatchTab) =>
    navigate({ search: tabSearch(tab) }, { replace: true, preventScrollReset: true });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // From the focused tab (the selected one may still be rendering after a quick key press).
    const focused = tabs.findIndex((tab) => links.current.get(tab.id) === event.target);
    const index = focused >= 0 ? focused : tabs.findIndex((tab) => tab.id === selected);
    const target =
      event.key === 'ArrowRight'
        ? tabs[(index + 1) % tabs.length]
        : event.key === 'ArrowLeft'
          ? tabs[(index - 1 + tabs.length) % tabs.length]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs[tabs.length - 1]
              : event.key === ' '
                ? tabs[index] // links answer Enter only; a tab answers Space too
                : undefined;
    if (!target) return;
    event.preventDefault();
    links.current.get(target.id)?.focus();
    if (target.id !== selected) void select(target.id);
  };

  return (
    <div className="match-tabs">
      <div className="match-tabs__list" ref={list} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <Link
              key={tab.id}
              ref={(node) => {
                if (node) links.current.set(tab.id, node);
                else links.current.delete(tab.id);
              }}
              className="match-tabs__tab"
              role="tab"
              id={`match-tab-${tab.id}`}
              aria-controls={`match-panel-${tab.id}`}
              aria-selected={isSelected}
              tabIndex={isSelected ? 0 : -1}
              to={{ search: tabSearch(tab.id) }}
              replace
              preventScrollReset
              data-testid="match-tab"
              data-tab={tab.id}
            >
              {tab.label}
            </Link>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          className="match-tabs__panel"
          role="tabpanel"
          id={`match-panel-${tab.id}`}
          aria-labelledby={`match-tab-${tab.id}`}
          hidden={tab.id !== selected}
          tabIndex={0}
          data-testid="match-panel"
          data-tab={tab.id}
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
