import { useEffect, useRef, useState, type ImgHTMLAttributes, type IframeHTMLAttributes } from 'react';
import { LAZY_LOAD_CLASSES } from '@pitchside/shared/constants';

type Phase = 'pending' | 'loading' | 'loaded';

/**
 * Lazy loading of SPEC 9: media start as `lazyLoad`, become `isLoading` when they scroll near the
 * viewport (their source is set then), and `isLoaded` once loaded. Native lazy loading is off.
 * Crawlers and visitors without JavaScript get the real source in a <noscript> twin.
 */
function useLazySource(src: string | undefined) {
  const ref = useRef<HTMLElement | null>(null);
  const [phase, setPhase] = useState<Phase>('pending');
  useEffect(() => {
    const element = ref.current;
    if (!element || !src) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setPhase('loading');
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setPhase((p) => (p === 'pending' ? 'loading' : p));
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [src]);
  const className = LAZY_LOAD_CLASSES[phase];
  return { ref, phase, className, active: phase !== 'pending', onLoad: () => setPhase('loaded') };
}

export function LazyImage({
  src,
  className = '',
  alt = '',
  ...rest
}: ImgHTMLAttributes<HTMLImageElement> & { src: string }) {
  const lazy = useLazySource(src);
  return (
    <>
      <img
        {...rest}
        alt={alt}
        ref={(node) => {
          lazy.ref.current = node;
        }}
        className={`${className} ${lazy.className}`.trim()}
        src={lazy.active ? src : undefined}
        data-src={src}
        onLoad={lazy.onLoad}
      />
      <noscript>
        <img {...rest} alt={alt} src={src} className={className} />
      </noscript>
    </>
  );
}

export function LazyFrame({
  src,
  className = '',
  title,
  ...rest
}: IframeHTMLAttributes<HTMLIFrameElement> & { src: string; title: string }) {
  const lazy = useLazySource(src);
  return (
    <iframe
      {...rest}
      title={title}
      ref={(node) => {
        lazy.ref.current = node;
      }}
      className={`${className} ${lazy.className}`.trim()}
      src={lazy.active ? src : undefined}
      data-src={src}
      onLoad={lazy.active ? lazy.onLoad : undefined}
    />
  );
}

type MediaProps = { src: string; className?: string; poster?: string; controls?: boolean; title?: string };

/** A video or an audio player whose source is set only when it scrolls near the viewport. */
export function LazyMedia({ kind, src, className = '', ...rest }: MediaProps & { kind: 'video' | 'audio' }) {
  const lazy = useLazySource(src);
  const Tag = kind;
  return (
    <Tag
      {...rest}
      ref={(node: HTMLMediaElement | null) => {
        lazy.ref.current = node;
      }}
      className={`${className} ${lazy.className}`.trim()}
      src={lazy.active ? src : undefined}
      data-src={src}
      preload="none"
      onLoadedData={lazy.onLoad}
    />
  );
}
