import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An order is frozen when checkout starts (docs/decisions/023): the `orders` table holds what was priced, paid and
 * printed, and the payment and PDF columns move there from `sessions`, which keeps `paid_at` as the mark that its
 * selection can no longer change. A session paid before this migration becomes one paid order whose id is the
 * session's id, so its stored PDF (`pdfs/<id>.pdf`) keeps its name.
 */
export class Orders1795900000000 implements MigrationInterface {
  name = 'Orders1795900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        product text NOT NULL CHECK (product IN ('custom_scenes','single_photo','dot_to_dot')),
        items jsonb NOT NULL CHECK (jsonb_typeof(items) = 'array'),
        level smallint NOT NULL CHECK (level BETWEEN 1 AND 4),
        voucher_code text,
        subtotal_pence integer NOT NULL CHECK (subtotal_pence >= 0),
        discount_pence integer NOT NULL CHECK (discount_pence >= 0),
        total_pence integer NOT NULL CHECK (total_pence >= 0),
        provider_session_id text UNIQUE,
        amount_paid_pence integer CHECK (amount_paid_pence >= 0),
        paid_at timestamptz,
        pdf_status text CHECK (pdf_status IN ('generating','ready','failed')),
        pdf_error text,
        pdf_generated_at timestamptz,
        download_count integer NOT NULL DEFAULT 0 CHECK (download_count >= 0),
        expired_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX orders_one_paid_per_session ON orders(session_id) WHERE paid_at IS NOT NULL;
      CREATE INDEX orders_session_idx ON orders(session_id, created_at);
      CREATE INDEX orders_generating_idx ON orders(paid_at) WHERE pdf_status = 'generating';
      CREATE INDEX orders_pdf_to_delete_idx ON orders(expired_at) WHERE expired_at IS NOT NULL AND pdf_status IS NOT NULL;

      INSERT INTO orders (id, session_id, product, items, level, voucher_code, subtotal_pence, discount_pence, total_pence,
                          provider_session_id, amount_paid_pence, paid_at, pdf_status, pdf_error, pdf_generated_at,
                          download_count, expired_at, created_at)
      SELECT s.id, s.id, 'custom_scenes',
             COALESCE((SELECT jsonb_agg(CASE WHEN c.id IS NULL THEN jsonb_build_object('sceneId', e.entry)
                                             ELSE jsonb_build_object('sceneId', e.entry, 'custom',
                                                  jsonb_build_object('title', c.title, 'prompt', c.user_prompt)) END
                                        ORDER BY e.n)
                       FROM unnest(s.selected_scenes) WITH ORDINALITY AS e(entry, n)
                       LEFT JOIN custom_scenes c ON 'custom:' || c.id = e.entry AND c.session_id = s.id), '[]'::jsonb),
             s.level, s.voucher_code, COALESCE(s.amount_paid_pence, 0), 0, COALESCE(s.amount_paid_pence, 0),
             s.payment_provider_session_id, s.amount_paid_pence, s.paid_at, s.pdf_status, s.pdf_error, s.pdf_generated_at,
             s.download_count, CASE WHEN s.is_expired THEN now() END, COALESCE(s.paid_at, s.created_at)
      FROM sessions s
      WHERE s.payment_provider_session_id IS NOT NULL OR s.paid_at IS NOT NULL;

      ALTER TABLE payment_events ADD COLUMN order_id uuid REFERENCES orders(id) ON DELETE SET NULL;
      UPDATE payment_events SET order_id = session_id WHERE session_id IN (SELECT id FROM orders);

      DROP INDEX sessions_pdf_status_idx;
      ALTER TABLE sessions
        DROP COLUMN pdf_status, DROP COLUMN pdf_url, DROP COLUMN pdf_error, DROP COLUMN payment_provider_session_id,
        DROP COLUMN amount_paid_pence, DROP COLUMN pdf_generated_at, DROP COLUMN download_count;
    `);
  }

  async down(): Promise<void> {
    throw new Error('Orders cannot be undone automatically: sessions no longer hold payment and PDF columns.');
  }
}
