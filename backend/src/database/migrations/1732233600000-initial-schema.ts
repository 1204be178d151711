import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Every table of the architecture, with the constraints that protect the data. */
export class InitialSchema1732233600000 implements MigrationInterface {
  name = 'InitialSchema1732233600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE colouring_levels (
        id smallint PRIMARY KEY CHECK (id BETWEEN 1 AND 4),
        name text NOT NULL,
        ages text NOT NULL,
        description text NOT NULL
      );

      CREATE TABLE bundles (
        id text PRIMARY KEY,
        name text NOT NULL,
        description text NOT NULL,
        sort_order integer NOT NULL DEFAULT 0
      );

      CREATE TABLE scenes (
        id text PRIMARY KEY,
        title text NOT NULL,
        short_description text NOT NULL,
        bundle text NOT NULL REFERENCES bundles(id) ON DELETE RESTRICT,
        sort_order integer NOT NULL DEFAULT 0
      );
      CREATE INDEX scenes_bundle_idx ON scenes(bundle);

      CREATE TABLE featured_bundles (
        id serial PRIMARY KEY,
        bundle_name text NOT NULL REFERENCES bundles(id) ON DELETE CASCADE,
        featured_text text NOT NULL CHECK (length(featured_text) > 0),
        priority integer NOT NULL DEFAULT 1 CHECK (priority >= 1),
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        magic_code char(64) NOT NULL UNIQUE CHECK (magic_code ~ '^[0-9a-f]{64}$'),
        child_name varchar(50) NOT NULL,
        email varchar(254) NOT NULL,
        level smallint NOT NULL DEFAULT 2 CHECK (level BETWEEN 1 AND 4),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        selected_scenes text[] NOT NULL DEFAULT '{}',
        voucher_code text,
        product_types text[] NOT NULL DEFAULT '{custom_scenes}'
          CHECK (product_types <@ ARRAY['custom_scenes','single_photo','dot_to_dot']::text[]),
        single_photo_data jsonb,
        portrait_status text NOT NULL DEFAULT 'pending' CHECK (portrait_status IN ('pending','ready','failed')),
        portrait_error text,
        pdf_status text CHECK (pdf_status IN ('generating','ready','failed')),
        pdf_url text,
        pdf_error text,
        payment_provider_session_id text UNIQUE,
        amount_paid_pence integer CHECK (amount_paid_pence >= 0),
        paid_at timestamptz,
        pdf_generated_at timestamptz,
        preview_email_sent_at timestamptz,
        is_expired boolean NOT NULL DEFAULT false,
        access_count integer NOT NULL DEFAULT 0 CHECK (access_count >= 0),
        download_count integer NOT NULL DEFAULT 0 CHECK (download_count >= 0),
        security_flags jsonb NOT NULL DEFAULT '{}'::jsonb,
        ip_address text,
        user_agent text,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX sessions_email_idx ON sessions(lower(email));
      CREATE INDEX sessions_pdf_status_idx ON sessions(pdf_status);
      CREATE INDEX sessions_expires_at_idx ON sessions(expires_at) WHERE NOT is_expired;

      CREATE TABLE custom_scenes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        title varchar(50) NOT NULL CHECK (length(title) > 0),
        user_prompt varchar(300) NOT NULL CHECK (length(user_prompt) > 0),
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX custom_scenes_session_idx ON custom_scenes(session_id) WHERE is_active;

      CREATE TABLE voucher_codes (
        code text PRIMARY KEY CHECK (code = upper(code) AND length(code) BETWEEN 4 AND 40),
        type text NOT NULL CHECK (type IN ('share_incentive')),
        value integer NOT NULL CHECK (value BETWEEN 1 AND 100),
        email varchar(254) NOT NULL,
        expires_at timestamptz NOT NULL,
        is_single_use boolean NOT NULL DEFAULT true,
        used boolean NOT NULL DEFAULT false,
        used_at timestamptz,
        used_by_session uuid REFERENCES sessions(id) ON DELETE SET NULL,
        created_from_session uuid REFERENCES sessions(id) ON DELETE SET NULL,
        verification_data jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX voucher_codes_one_active_share_per_email
        ON voucher_codes(lower(email)) WHERE type = 'share_incentive' AND NOT used;

      CREATE TABLE session_audit_log (
        id bigserial PRIMARY KEY,
        session_id uuid REFERENCES sessions(id) ON DELETE CASCADE,
        action text NOT NULL,
        details jsonb NOT NULL DEFAULT '{}'::jsonb,
        ip_address text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX session_audit_log_session_idx ON session_audit_log(session_id, created_at);
      CREATE INDEX session_audit_log_action_time_idx ON session_audit_log(action, created_at);

      CREATE TABLE contact_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL,
        category text NOT NULL CHECK (category IN ('Not happy with image','Feedback','General question','Other')),
        message text NOT NULL CHECK (length(message) > 0),
        magic_code char(64) CHECK (magic_code ~ '^[0-9a-f]{64}$'),
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE portraits (
        session_id uuid PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
        art jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE photo_staging (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        bytes bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX photo_staging_created_at_idx ON photo_staging(created_at);

      CREATE TABLE order_photos (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        position smallint NOT NULL CHECK (position >= 0),
        level smallint NOT NULL CHECK (level BETWEEN 1 AND 4),
        aspect text NOT NULL CHECK (aspect IN ('portrait','landscape')),
        art jsonb,
        staging_id uuid REFERENCES photo_staging(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (session_id, position)
      );

      CREATE TABLE admin_users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL UNIQUE,
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE admin_sessions (
        token_hash char(64) PRIMARY KEY,
        admin_user_id uuid NOT NULL REFERENCES admin_users(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE payment_events (
        event_id text PRIMARY KEY,
        type text NOT NULL,
        session_id uuid REFERENCES sessions(id) ON DELETE SET NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE email_log (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        to_address varchar(254) NOT NULL,
        template text NOT NULL,
        session_id uuid REFERENCES sessions(id) ON DELETE SET NULL,
        status text NOT NULL CHECK (status IN ('queued','sent','failed')),
        attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX email_log_session_idx ON email_log(session_id);

      CREATE TABLE security_alerts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL,
        severity text NOT NULL CHECK (severity IN ('info','warning','critical')),
        message text NOT NULL,
        details jsonb NOT NULL DEFAULT '{}'::jsonb,
        session_id uuid REFERENCES sessions(id) ON DELETE SET NULL,
        resolved_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX security_alerts_open_idx ON security_alerts(created_at) WHERE resolved_at IS NULL;

      CREATE TABLE analytics_events (
        id bigserial PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('page_view','event','purchase','file_download','click')),
        path text,
        category text,
        label text,
        value numeric,
        currency char(3),
        transaction_id text,
        session_id uuid REFERENCES sessions(id) ON DELETE SET NULL,
        data jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX analytics_events_kind_time_idx ON analytics_events(kind, created_at);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP TABLE analytics_events, security_alerts, email_log, payment_events, admin_sessions, admin_users,
        order_photos, photo_staging, portraits, contact_messages, session_audit_log, voucher_codes,
        custom_scenes, sessions, featured_bundles, scenes, bundles, colouring_levels;
    `);
  }
}
