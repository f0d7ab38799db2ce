import { useEffect, useRef, useState } from 'react';
import { FRAME_HEIGHTS, FRAME_SANDBOX, type WidgetSettings } from '../widget-snippets.ts';

interface WidgetPreviewProps {
  /** The embed's path on our own origin. */
  src: string;
  size: WidgetSettings['size'];
  title: string;
}

/**
 * The live preview: the real embed, framed and sandboxed as the snippets frame it, and sized to the height
 * it reports, as widget.js does on a host page. A new address is a new frame.
 */
export function WidgetPreview({ src, size, title }: WidgetPreviewProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(FRAME_HEIGHTS[size]);
  useEffect(() => setHeight(FRAME_HEIGHTS[size]), [src, size]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; height?: unknown } | null;
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (data?.type === 'pitchside:height' && typeof data.height === 'number') {
        setHeight(Math.max(80, Math.min(4000, Math.ceil(data.height))));
      }
    };
    window.addEventListener('message', onMessage);
    // The frame may have reported before this page hydrated and listened: ask again.
    frame.current?.contentWindow?.postMessage({ type: 'pitchside:measure' }, window.location.origin);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  return (
    <iframe
      key={src}
      ref={frame}
      className="widget-preview"
      src={src}
      title={title}
      height={height}
      sandbox={FRAME_SANDBOX}
      data-testid="widget-preview"
    />
  );
}
