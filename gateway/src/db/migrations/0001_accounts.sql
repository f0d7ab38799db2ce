-- Accounts (issue 4): users, their social identities, sessions (refresh-token families), refresh tokens,
-- one-time action tokens (password reset, e-mail verification), the mail outbox and the audit log.
-- Secrets are never stored: passwords as argon2id hashes, tokens as SHA-256 hashes.

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Null when a social provider shared no address (X without the e-mail permission).
  email text UNIQUE CHECK (email = lower(email)),
  -- Null for an account that signs in only through a social provider.
  password_hash text,
  display_name text,
  photo_url text,
  email_verified boolean NOT NULL DEFAULT false,
  scope text[] NOT NULL DEFAULT '{}',
  disabled boolean NOT NULL DEFAULT false,
  -- The language the account's mails are written in.
  language text NOT NULL DEFAULT 'en',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz
);

CREATE TABLE identities (
  provider text NOT NULL,
  subject text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text,
  display_name text,
  photo_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);
CREATE INDEX identities_user ON identities (user_id);

-- A session is one sign-in: a family of refresh tokens, each spent when it is rotated.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL,
  user_agent text,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE refresh_tokens (
  -- SHA-256 of the token's jti, hex.
  jti_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  issued_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);
CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);

CREATE TABLE action_tokens (
  -- SHA-256 of the token sent by mail, hex.
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('reset-password', 'verify-email')),
  -- The address the mail went to: verifying it must not verify an address changed since.
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX action_tokens_user ON action_tokens (user_id);

CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  recipient text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts int NOT NULL DEFAULT 0,
  last_error text,
  sent_at timestamptz
);
CREATE INDEX mail_outbox_unsent ON mail_outbox (created_at) WHERE sent_at IS NULL;

CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  session_id uuid,
  event text NOT NULL,
  ip text,
  user_agent text,
  -- Never an e-mail address or a token: codes, counts and ids only.
  detail jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_user ON audit_log (user_id);

-- A deleted user leaves no personal data in the audit log: their rows keep the event and the time only.
-- A trigger rather than application code, so a deletion made by hand in psql obeys it too.
CREATE FUNCTION scrub_audit_of_deleted_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE audit_log SET ip = NULL, user_agent = NULL, session_id = NULL, detail = '{}' WHERE user_id = OLD.id;
  RETURN OLD;
END;
$$;
CREATE TRIGGER users_scrub_audit BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION scrub_audit_of_deleted_user();
