import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  ADMIN_SESSIONS_PAGE_SIZE,
  isMagicCode,
  type AdminSessionRow,
  type AdminSessionsPage,
  type AdminSessionsQuery,
  type PdfStatus,
  type ProductType,
} from '@colouring/domain';
import { magicCodeHash } from '../../common/magic-code.js';

interface RawRow {
  id: string;
  child_name: string;
  email: string;
  created_at: Date;
  order_id: string | null;
  product: ProductType | null;
  item_count: number | null;
  amount_paid_pence: number | null;
  paid_at: Date | null;
  pdf_status: PdfStatus | null;
  pdf_error: string | null;
}

/** `%`, `_` and `\` typed in a search are letters, not LIKE's wildcards. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The admin's sessions list: a read over `sessions` and their paid order (the tables of the sessions and orders
 * modules, written only by their owners), through the query builder by table name, as those modules export no entity
 * (docs/decisions/026). The indexes it relies on are in migration Admin1796000000000.
 */
@Injectable()
export class AdminSessionsQueryService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(query: AdminSessionsQuery): Promise<AdminSessionsPage> {
    const page = Math.max(1, query.page ?? 1);
    const pageSize = ADMIN_SESSIONS_PAGE_SIZE;
    const base = this.db
      .createQueryBuilder()
      .from('sessions', 's')
      .leftJoin('orders', 'o', 'o.session_id = s.id AND o.paid_at IS NOT NULL');
    const q = query.q?.trim() ?? '';
    if (isMagicCode(q.toLowerCase())) {
      // The code is stored only as its SHA-256: the typed code is hashed and matched exactly.
      base.andWhere('s.magic_code_hash = :hash', { hash: magicCodeHash(q.toLowerCase()) });
    } else if (q) {
      base.andWhere('(lower(s.child_name) LIKE :pattern OR lower(s.email) LIKE :pattern)', { pattern: likePattern(q) });
    }
    if (query.pdf === 'unpaid') base.andWhere('o.id IS NULL');
    else if (query.pdf) base.andWhere('o.pdf_status = :pdf', { pdf: query.pdf });

    const rowsQuery = base
      .clone()
      .select([
        's.id AS id',
        's.child_name AS child_name',
        's.email AS email',
        's.created_at AS created_at',
        'o.id AS order_id',
        'o.product AS product',
        'jsonb_array_length(o.items) AS item_count',
        'o.amount_paid_pence AS amount_paid_pence',
        'o.paid_at AS paid_at',
        'o.pdf_status AS pdf_status',
        'o.pdf_error AS pdf_error',
      ])
      .offset((page - 1) * pageSize)
      .limit(pageSize);
    // Newest payment first. Filtered by a PDF status, every row has a paid order and its index gives that order;
    // otherwise the session's paid_at (set with the order's, in the webhook's transaction) does, unpaid ones last.
    if (query.pdf && query.pdf !== 'unpaid') rowsQuery.orderBy('o.paid_at', 'DESC');
    else rowsQuery.orderBy('s.paid_at', 'DESC', 'NULLS LAST');
    rowsQuery.addOrderBy('s.created_at', 'DESC').addOrderBy('s.id', 'ASC');

    const [raw, counted] = await Promise.all([
      rowsQuery.getRawMany<RawRow>(),
      base.clone().select('count(*)::int', 'total').getRawOne<{ total: number }>(),
    ]);
    return { rows: raw.map(toRow), page, pageSize, total: counted?.total ?? 0 };
  }

  /** The session and its paid order, or null when no session has this id. */
  async sessionOrder(sessionId: string): Promise<AdminSessionOrder | null> {
    const row = await this.db
      .createQueryBuilder()
      .from('sessions', 's')
      .leftJoin('orders', 'o', 'o.session_id = s.id AND o.paid_at IS NOT NULL')
      .select([
        's.id AS session_id',
        's.email AS email',
        's.is_expired AS session_expired',
        'o.id AS order_id',
        'o.product AS product',
        'o.pdf_status AS pdf_status',
        'o.expired_at IS NOT NULL AS order_expired',
      ])
      .where('s.id = :sessionId', { sessionId })
      .getRawOne<{
        session_id: string;
        email: string;
        session_expired: boolean;
        order_id: string | null;
        product: ProductType | null;
        pdf_status: PdfStatus | null;
        order_expired: boolean;
      }>();
    if (!row) return null;
    return {
      sessionId: row.session_id,
      email: row.email,
      sessionExpired: row.session_expired,
      order:
        row.order_id && row.product
          ? { id: row.order_id, product: row.product, pdfStatus: row.pdf_status, expired: row.order_expired }
          : null,
    };
  }
}

/** A session and its paid order, as an admin action needs them. */
export interface AdminSessionOrder {
  sessionId: string;
  email: string;
  sessionExpired: boolean;
  /** null when nothing is paid. */
  order: { id: string; product: ProductType; pdfStatus: PdfStatus | null; expired: boolean } | null;
}

function toRow(row: RawRow): AdminSessionRow {
  return {
    id: row.id,
    childName: row.child_name,
    email: row.email,
    createdAt: row.created_at.toISOString(),
    orderId: row.order_id,
    product: row.product,
    itemCount: row.item_count === null ? null : Number(row.item_count),
    amountPaidPence: row.amount_paid_pence,
    paidAt: row.paid_at?.toISOString() ?? null,
    pdfStatus: row.pdf_status,
    pdfError: row.pdf_error,
  };
}
