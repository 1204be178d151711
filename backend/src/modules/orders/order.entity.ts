import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { LevelId, PdfStatus, PhotoAspect, ProductType } from '@colouring/domain';

/** A scene of a custom-pages order as it was at checkout: its id, and for the parent's own scene its words. */
export interface SceneItem {
  sceneId: string;
  custom?: { title: string; prompt: string };
}

/** A page of a single-photo order: the photo (its art in `order_photos`), its level and the page's orientation. */
export interface PhotoItem {
  photoId: string;
  level: LevelId;
  aspect: PhotoAspect;
}

/** A dot-to-dot page and its finished outline, at this level's number of dots. */
export interface DotToDotItem {
  dotsLevel: LevelId;
}

/** What an order holds, by its product: scenes, photos, or the dot-to-dot book's levels. */
export type OrderItem = SceneItem | PhotoItem | DotToDotItem;

/** The items of an order of this product. */
export type ItemsOf<P extends ProductType> = P extends 'custom_scenes'
  ? SceneItem[]
  : P extends 'single_photo'
    ? PhotoItem[]
    : DotToDotItem[];

/**
 * What a parent bought, frozen when checkout starts (docs/decisions/023): the items, the level, the voucher and the
 * price in pence. The webhook pays this order, the PDF prints it, the thank-you page and the emails show it.
 */
@Entity('orders')
export class OrderEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'session_id', type: 'uuid' }) sessionId: string;
  @Column({ type: 'text' }) product: ProductType;
  @Column({ type: 'jsonb' }) items: OrderItem[];
  @Column({ type: 'smallint' }) level: number;
  @Column({ name: 'voucher_code', type: 'text', nullable: true }) voucherCode: string | null;
  @Column({ name: 'subtotal_pence', type: 'integer' }) subtotalPence: number;
  @Column({ name: 'discount_pence', type: 'integer' }) discountPence: number;
  @Column({ name: 'total_pence', type: 'integer' }) totalPence: number;
  @Column({ name: 'provider_session_id', type: 'text', nullable: true }) providerSessionId: string | null;
  @Column({ name: 'amount_paid_pence', type: 'integer', nullable: true }) amountPaidPence: number | null;
  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true }) paidAt: Date | null;
  @Column({ name: 'pdf_status', type: 'text', nullable: true }) pdfStatus: PdfStatus | null;
  @Column({ name: 'pdf_error', type: 'text', nullable: true }) pdfError: string | null;
  @Column({ name: 'pdf_generated_at', type: 'timestamptz', nullable: true }) pdfGeneratedAt: Date | null;
  @Column({ name: 'download_count', type: 'integer', default: 0 }) downloadCount: number;
  /** Set when the session expired: the parent's words are gone from the items, and the PDF is deleted. */
  @Column({ name: 'expired_at', type: 'timestamptz', nullable: true }) expiredAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}

/** How many A4 pages an order's PDF has: a cover and a closing page around the scenes or the dot-to-dot pairs; a page per photo. */
export function pageCountOf(order: { product: ProductType; items: readonly OrderItem[] }): number {
  switch (order.product) {
    case 'custom_scenes':
      return order.items.length + 2;
    case 'single_photo':
      return order.items.length;
    case 'dot_to_dot':
      return 2 * order.items.length + 2;
  }
}
