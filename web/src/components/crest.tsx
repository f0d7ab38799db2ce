import { useCallback, useState } from 'react';

/** Each size's box in CSS pixels (app.css `.crest--*`), also given to the image so it is sized before the CSS. */
const SIZE_PX = { sm: 20, md: 28, lg: 56 } as const;

interface CrestProps {
  src: string | null;
  /** The team's or competition's name: the placeholder shows its initial. */
  name: string;
  size?: 'sm' | 'md' | 'lg';
}

/**
 * A team badge or competition logo. Logos come from a third-party image host that may be slow, blocked
 * or missing: without one (or when it fails to load) a lettered disc keeps the row's layout.
 * Decorative: the name is always written next to it, so the image itself has no alt text.
 */
export function Crest({ src, name, size = 'sm' }: CrestProps) {
  const [failed, setFailed] = useState(false);
  // A server-rendered image that failed before the page was hydrated fired its error with nobody listening:
  // find out once React holds it (a broken image is complete and will not decode).
  const check = useCallback((image: HTMLImageElement | null) => {
    if (image?.complete) image.decode().catch(() => setFailed(true));
  }, []);
  if (!src || failed) {
    return (
      <span className={`crest crest--${size} crest--placeholder`} aria-hidden="true">
        {name.trim().charAt(0).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      ref={check}
      className={`crest crest--${size}`}
      src={src}
      width={SIZE_PX[size]}
      height={SIZE_PX[size]}
      alt=""
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}
