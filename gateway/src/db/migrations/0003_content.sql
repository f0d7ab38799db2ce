-- Content and the admin CMS (issue 6): hot-match pins, extra stream sources of matches, highlights, movies,
-- TV channels, guides and the static pages' texts. Operators write them through /api/admin; every change is
-- audited (audit_log) and announced to open pages. Markdown is stored as written and rendered on read.

-- The pinned hot matches, in the order they are shown (position 0 first). Match ids are the read model's.
CREATE TABLE hot_pins (
  match_id text PRIMARY KEY,
  position int NOT NULL,
  pinned_at timestamptz NOT NULL DEFAULT now()
);

-- Streams of a match besides the streaming provider's: `hls` is the origin, proxied by the gateway.
CREATE TABLE match_stream_sources (
  id text PRIMARY KEY,
  match_id text NOT NULL,
  label text NOT NULL,
  access text NOT NULL CHECK (access IN ('free', 'premium')),
  hls text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX match_stream_sources_match ON match_stream_sources (match_id, created_at);

CREATE TABLE highlights (
  id text PRIMARY KEY,
  match_id text,
  title text NOT NULL,
  video_kind text NOT NULL CHECK (video_kind IN ('hls', 'mp4', 'embed')),
  video_url text NOT NULL,
  poster_url text,
  duration_s int,
  published_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX highlights_published ON highlights (published_at DESC);
CREATE INDEX highlights_match ON highlights (match_id, published_at DESC);

CREATE TABLE movies (
  id text PRIMARY KEY,
  title text NOT NULL,
  synopsis text NOT NULL DEFAULT '',
  year int,
  poster_url text,
  access text NOT NULL CHECK (access IN ('free', 'premium')),
  video_kind text NOT NULL CHECK (video_kind IN ('hls', 'mp4', 'embed')),
  video_url text NOT NULL,
  position int NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- `schedule`: [{title, startsAt, endsAt}] in time order (ISO strings).
CREATE TABLE tv_channels (
  id text PRIMARY KEY,
  name text NOT NULL,
  logo_url text,
  access text NOT NULL CHECK (access IN ('free', 'premium')),
  hls text NOT NULL,
  schedule jsonb NOT NULL DEFAULT '[]',
  position int NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE guides (
  slug text NOT NULL,
  language text NOT NULL,
  title text NOT NULL,
  summary text NOT NULL DEFAULT '',
  body text NOT NULL,
  published boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (slug, language)
);

-- Operators' overrides of a static page's built-in text, per language.
CREATE TABLE page_texts (
  page text NOT NULL,
  language text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (page, language)
);

-- One-off facts about the content tables, e.g. `demo-seeded` once the demo content was written (it is
-- never written again, whatever operators delete afterwards).
CREATE TABLE content_markers (
  name text PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now()
);
