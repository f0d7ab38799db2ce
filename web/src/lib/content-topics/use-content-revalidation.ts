import { useCallback, useRef } from 'react';
import { useRevalidator } from 'react-router-dom';
import type { ContentTopic } from '@pitchside/shared/content';
import { useContentTopic } from './use-content-topic.ts';

/**
 * Follows a content topic over the socket while the page is mounted and runs the page's loader again on
 * each `content:changed` (and after a reconnect): what an operator changed shows without a reload.
 */
export function useContentRevalidation(topic: ContentTopic | null): void {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const onChanged = useCallback(() => {
    void latest.current.revalidate();
  }, []);
  useContentTopic(topic, onChanged);
}
