import type { DataSource } from 'typeorm';

export interface OrderRow {
  id: string;
  session_id: string;
  product: string;
  items: { sceneId: string; custom?: { title: string; prompt: string } }[];
  level: number;
  voucher_code: string | null;
  subtotal_pence: number;
  discount_pence: number;
  total_pence: number;
  provider_session_id: string | null;
  amount_paid_pence: number | null;
  paid_at: Date | null;
  pdf_status: string | null;
  pdf_error: string | null;
  pdf_generated_at: Date | null;
  download_count: number;
  expired_at: Date | null;
}

/**
 * An order row made directly (STYLE: set state up, don't click through it), as checkout freezes it: the session's
 * current selection as items unless others are given. `paid` marks it paid (and the session's selection frozen) as the
 * webhook does; `pdfStatus` sets where its PDF stands. Answers the row.
 */
export async function insertOrder(
  db: DataSource,
  sessionId: string,
  values: {
    items?: OrderRow['items'];
    level?: number;
    voucherCode?: string | null;
    subtotalPence?: number;
    discountPence?: number;
    totalPence?: number;
    providerSessionId?: string | null;
    paid?: boolean;
    pdfStatus?: 'generating' | 'ready' | 'failed' | null;
  } = {},
): Promise<OrderRow> {
  const [session] = (await db.query(`SELECT selected_scenes, level FROM sessions WHERE id = $1`, [sessionId])) as {
    selected_scenes: string[];
    level: number;
  }[];
  const items = values.items ?? session!.selected_scenes.map((sceneId) => ({ sceneId }));
  const total = values.totalPence ?? 199;
  const paidAt = values.paid ? new Date() : null;
  const [row] = (await db.query(
    `INSERT INTO orders (session_id, product, items, level, voucher_code, subtotal_pence, discount_pence, total_pence,
                         provider_session_id, amount_paid_pence, paid_at, pdf_status)
     VALUES ($1, 'custom_scenes', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
    [
      sessionId,
      JSON.stringify(items),
      values.level ?? session!.level,
      values.voucherCode ?? null,
      values.subtotalPence ?? total + (values.discountPence ?? 0),
      values.discountPence ?? 0,
      total,
      values.providerSessionId ?? null,
      values.paid ? total : null,
      paidAt,
      values.pdfStatus ?? (values.paid ? 'generating' : null),
    ],
  )) as OrderRow[];
  if (paidAt) await db.query(`UPDATE sessions SET paid_at = $2 WHERE id = $1`, [sessionId, paidAt]);
  return row!;
}

/** The order row, as the tests read it back. */
export async function orderRow(db: DataSource, id: string): Promise<OrderRow> {
  const [row] = (await db.query(`SELECT * FROM orders WHERE id = $1`, [id])) as OrderRow[];
  return row!;
}

/** The session's orders, oldest first. */
export async function ordersOf(db: DataSource, sessionId: string): Promise<OrderRow[]> {
  return (await db.query(`SELECT * FROM orders WHERE session_id = $1 ORDER BY created_at`, [sessionId])) as OrderRow[];
}
